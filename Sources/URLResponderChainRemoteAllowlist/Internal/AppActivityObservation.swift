import Foundation
import URLResponderChainCore

/// Observes the app becoming active and resigning on the default notification center, for as
/// long as it lives.
///
/// A class: it removes its observers when it goes, with the list that owns it.
final class AppActivityObservation: Sendable {
  private let observers = LockedValue<[ObserverToken]>([])

  /// Calls `changed` with `true` when the app becomes active and `false` when it resigns.
  func start(_ notifications: AppActivityNotifications, _ changed: @escaping @Sendable (Bool) -> Void) {
    let center = NotificationCenter.default
    let added = [
      center.addObserver(forName: notifications.didBecomeActive, object: nil, queue: nil) { _ in changed(true) },
      center.addObserver(forName: notifications.willResignActive, object: nil, queue: nil) { _ in changed(false) },
    ]
    observers.withLock { $0 += added.map(ObserverToken.init) }
  }

  deinit {
    for observer in observers.withLock({ $0 }) { NotificationCenter.default.removeObserver(observer.token) }
  }
}

/// A notification center's token for one observer, kept only to remove that observer.
private struct ObserverToken: @unchecked Sendable {
  // `@unchecked`: the token is only ever handed back to `removeObserver(_:)`, which is
  // thread-safe, and it is held in a `LockedValue`.
  let token: any NSObjectProtocol
}
