#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit
  public import URLResponderChainCore

  /// The application, at the end of every UIKit chain, decides where what nobody else
  /// handled opens: the one place a tap's destination is decided.
  ///
  /// It asks the `LinkPolicy` declared nearest the link's origin (a ``SafariURLHandling``
  /// view controller, `presentsLinksInSafari(policy:appearance:fileID:line:)`), once, with the
  /// final URL, and that declaration's presenter shows the link where the policy says: in
  /// Safari from the view controller nearest the link (never after
  /// ``URLResponderChainCore/URLHandlingDecision/systemAction``), its own app first, the
  /// system, or nowhere. A link whose view went away while a handler waited is discarded.
  ///
  /// With no declaration, a URL that reaches `UIApplication` is handed to the system (a
  /// scheme of a document's own, such as `javascript:` or `file:`, never is): through the window scene
  /// the tap came from where one is known (on iPad with several windows, the link opens
  /// from that window), with `UIApplication.open(_:options:completionHandler:)` otherwise.
  /// Web links open in the default browser, other schemes in the app registered for them. The decision is
  /// ``URLResponderChainCore/URLHandlingDecision/handled`` exactly when the system opened it.
  ///
  /// Inbound links (``URLResponderChainCore/URLHandlingContext/isInbound``) are passed on:
  /// sending a link that opened the app back to the browser would bounce the user out of it.
  /// ``URLResponderChainCore/InboundLinkDispatcher`` then applies its last handler.
  extension UIApplication: AsyncURLHandler, SystemURLOpener {
    /// Shows `url` by the declaration nearest its origin, or asks the system to open it;
    /// handled if and only if it was shown or opened. Inbound links are passed on.
    public func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      await SystemFallback.decideFromOriginatingScene(url, context: context) { url in
        await opens(url, universalLinksOnly: false)
      }
    }
  }

  extension UIApplication {
    /// Asks the system to open `url` (only in its own app, when `universalLinksOnly`), and
    /// waits for whether it did: every way this layer opens a link ends here.
    func opens(_ url: URL, universalLinksOnly: Bool) async -> Bool {
      await open(url, options: universalLinksOnly ? [.universalLinksOnly: true] : [:])
    }
  }
#endif
