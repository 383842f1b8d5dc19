package import Foundation

/// The notifications that say the app became active and is about to stop being.
package struct AppActivityNotifications: Sendable {
  /// Posted when the app becomes active.
  package let didBecomeActive: Notification.Name
  /// Posted when the app is about to stop being active.
  package let willResignActive: Notification.Name

  /// The notifications of two names, for tests and for apps with a lifecycle of their own.
  package init(didBecomeActive: Notification.Name, willResignActive: Notification.Name) {
    self.didBecomeActive = didBecomeActive
    self.willResignActive = willResignActive
  }
}
