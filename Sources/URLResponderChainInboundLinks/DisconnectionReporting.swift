/// A scene that says when it goes away, so that a dispatcher ends the links waiting for it
/// instead of keeping them for good: `UIWindowScene` (when UIKit disconnects it) and the test
/// kit's `TestScene` (when it is disconnected or released).
@MainActor
package protocol DisconnectionReporting: AnyObject {
  /// Calls `action` once, when the scene disconnects or goes away, whichever comes first.
  func whenDisconnected(_ action: @escaping @MainActor () -> Void)
}
