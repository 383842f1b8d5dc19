package import Foundation
import URLResponderChainCore

/// What a web view does with a navigation, as ``WebNavigationPolicy`` decides it, in the
/// words every decision of the SDK uses (`URLHandlingDecision`'s).
package enum WebNavigationDecision: Sendable, Equatable {
  /// The web view takes it: it loads the navigation in place (the first load, a reload, a
  /// fragment of the page, a frame, a document-local URL); why, in words.
  case handled(reason: String)
  /// Not the web view's: its own navigation is cancelled and the link goes up the responder
  /// chain from the web view, where handlers, the link policy and presenters decide, as for
  /// any tapped link.
  case notHandled(URL)
  /// The navigation is cancelled and goes nowhere; why, in words.
  case discarded(reason: String)

  /// Whether the web view performs the navigation itself.
  package var loadsInWebView: Bool {
    if case .handled = self { true } else { false }
  }
}
