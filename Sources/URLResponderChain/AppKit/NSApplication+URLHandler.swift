#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import Foundation
  public import URLResponderChainCore

  /// The application, at the end of an AppKit chain, opens what nobody else handled.
  ///
  /// A URL that reaches `NSApplication` goes to `NSWorkspace.shared.open(_:)`; the decision
  /// is ``URLResponderChainCore/URLHandlingDecision/handled`` exactly when it opened.
  extension NSApplication: URLHandler {
    /// Asks the workspace to open `url`; handled if and only if it did.
    public func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      NSWorkspace.shared.open(url) ? .handled : .notHandled
    }
  }
#endif
