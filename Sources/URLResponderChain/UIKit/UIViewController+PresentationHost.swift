#if canImport(UIKit) && !os(watchOS)
  public import UIKit
  public import URLResponderChainCore

  /// View controllers are presentation hosts: the core's presentation decisions (top-most
  /// presented view controller, never one being dismissed) apply to them directly.
  extension UIViewController: PresentationHost {
    /// The view controller this one presents (`presentedViewController`).
    public var presentedHost: (any PresentationHost)? { presentedViewController }

    /// The child a container shows: a navigation controller's `topViewController`, a tab bar
    /// controller's `selectedViewController`; `nil` for other view controllers.
    public var visibleChildHost: (any PresentationHost)? {
      switch self {
      case let navigation as UINavigationController: navigation.topViewController
      case let tabs as UITabBarController: tabs.selectedViewController
      default: nil
      }
    }
  }
#endif
