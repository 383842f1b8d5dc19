public import Foundation
import URLResponderChainCore

/// What a web view does with a navigation, as ``WebNavigationPolicy`` decides it.
public enum WebNavigationDecision: Sendable, Equatable {
  /// The web view performs the navigation itself; why, in words.
  case load(because: String)
  /// The web view's own navigation is cancelled and the link goes up the responder chain
  /// from the web view: handlers, allowlists and presenters decide, as for any tapped link.
  case sendUpTheChain(URL)
  /// The navigation is cancelled and goes nowhere; why, in words.
  case discarded(reason: String)

  /// Whether the web view performs the navigation itself.
  public var loadsInWebView: Bool {
    if case .load = self { true } else { false }
  }
}
