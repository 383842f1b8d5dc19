#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import Foundation
  public import URLResponderChainCore

  /// The application, at the end of an AppKit chain, decides where what nobody else handled
  /// opens.
  ///
  /// It asks the `LinkPresenter` declared nearest the link's origin, as `UIApplication`
  /// does; with none, a URL that reaches `NSApplication` goes to `NSWorkspace.shared.open(_:)`
  /// (a scheme of a document's own never does), and the decision is
  /// ``URLResponderChainCore/URLHandlingDecision/handled`` exactly when it opened.
  ///
  /// Inbound links (``URLResponderChainCore/URLHandlingContext/isInbound``) are passed on.
  extension NSApplication: AsyncURLHandler, SystemURLOpener {
    /// Asks the workspace to open `url`; handled if and only if it did. Inbound links are passed on.
    public func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      await SystemFallback.decide(url, context: context) { NSWorkspace.shared.open($0) }
    }
  }
#endif
