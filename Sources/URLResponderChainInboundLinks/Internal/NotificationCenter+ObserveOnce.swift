package import Foundation

extension NotificationCenter {
  /// Calls `action` the first time `object` posts `name`, then stops observing, so it is
  /// called once: how a window scene reports its disconnection (`UIScene.didDisconnectNotification`).
  ///
  /// The notification must be delivered on the main thread: with `queue` `.main`, or posted
  /// there (UIKit posts a scene's on the main thread). `MainActor.assumeIsolated` is sound
  /// then; were that ever broken it traps rather than races.
  @MainActor
  package func observeOnce(
    _ name: Notification.Name, from object: AnyObject, queue: OperationQueue? = .main,
    _ action: @escaping @MainActor () -> Void
  ) {
    let observation = OnceObservation(center: self, action)
    observation.token = addObserver(forName: name, object: object, queue: queue) { _ in
      MainActor.assumeIsolated { observation.fire() }
    }
  }
}

/// One observation that is removed when it fires, so it fires once.
@MainActor
private final class OnceObservation {
  var token: (any NSObjectProtocol)?
  private let center: NotificationCenter
  private let action: @MainActor () -> Void

  init(center: NotificationCenter, _ action: @escaping @MainActor () -> Void) {
    self.center = center
    self.action = action
  }

  func fire() {
    guard let token else { return }
    center.removeObserver(token)
    self.token = nil
    action()
  }
}
