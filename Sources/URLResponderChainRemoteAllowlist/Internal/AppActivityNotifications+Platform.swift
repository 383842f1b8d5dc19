#if canImport(UIKit) && !os(watchOS)
  import UIKit
#elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
#endif

extension AppActivityNotifications {
  /// `UIApplication`'s or `NSApplication`'s; `nil` where there is no application (Linux).
  static var platform: AppActivityNotifications? {
    #if canImport(UIKit) && !os(watchOS)
      AppActivityNotifications(
        didBecomeActive: UIApplication.didBecomeActiveNotification,
        willResignActive: UIApplication.willResignActiveNotification)
    #elseif canImport(AppKit) && !targetEnvironment(macCatalyst)
      AppActivityNotifications(
        didBecomeActive: NSApplication.didBecomeActiveNotification,
        willResignActive: NSApplication.willResignActiveNotification)
    #else
      nil
    #endif
  }
}
