public import URLResponderChainCore

/// A scene inbound links are delivered into: `UIWindowScene` (import `URLResponderChain`),
/// or `TestScene` in tests.
///
/// ## What conformers must guarantee
///
/// - ``rootHost`` is the root view controller of the scene's key window, `nil` until the
///   window and its root exist.
/// - ``transitionsEnded()`` returns once no modal presentation or dismissal is in progress
///   in the scene, at once if none is. It must return eventually (an animation ends).
@MainActor
public protocol InboundLinkScene: AnyObject {
  /// The root of the scene's key window; `nil` while there is none.
  var rootHost: (any PresentationHost)? { get }
  /// Returns when the presentations and dismissals in progress have ended.
  func transitionsEnded() async
}
