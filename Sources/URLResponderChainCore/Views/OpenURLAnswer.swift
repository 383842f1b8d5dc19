/// What SwiftUI is told about a link it handed to the chain, in the words of its
/// `OpenURLAction.Result`: taken, or discarded. Never `.systemAction`: SwiftUI's own action
/// would open the link in the system past the policy declared on the chain, which only the
/// chain's end asks.
package enum OpenURLAnswer: Sendable {
  /// The chain took the link, or is still deciding and owns it.
  case handled
  /// Nobody opens it: a handler or the declared policy discarded it, the walk was cancelled
  /// or timed out, or it never reached the chain's end (a view outside any hosting
  /// hierarchy), where the declared policy is asked; so it fails closed.
  case discarded

  /// The answer for a walk's result; `nil` while the walk goes on.
  package init(_ result: URLPropagationResult?) {
    self = result == nil || result?.outcome == .handled ? .handled : .discarded
  }
}
