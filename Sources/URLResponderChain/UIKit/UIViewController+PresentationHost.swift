#if canImport(UIKit) && !os(watchOS)
  public import UIKit
  public import URLResponderChainCore

  /// View controllers are presentation hosts: the core's presentation decisions (top-most
  /// presented view controller, never one being dismissed) apply to them directly.
  extension UIViewController: PresentationHost {
    /// The view controller this one presents (`presentedViewController`).
    public var presentedHost: (any PresentationHost)? { presentedViewController }

    /// The child a container shows: a navigation controller's `topViewController`, a tab bar
    /// controller's `selectedViewController`, a ``VisibleChildContainer``'s
    /// ``VisibleChildContainer/visibleChild``; `nil` for other view controllers.
    public var visibleChildHost: (any PresentationHost)? {
      switch self {
      case let container as any VisibleChildContainer: container.visibleChild
      case let navigation as UINavigationController: navigation.topViewController
      case let tabs as UITabBarController: tabs.selectedViewController
      default: nil
      }
    }
  }

  /// A container view controller of your own that says which child the user sees, so that
  /// inbound links start there (`InboundLinkDispatcher`).
  ///
  /// ```swift
  /// final class ReaderContainer: UIViewController, VisibleChildContainer {
  ///   var currentPage: UIViewController?
  ///   var visibleChild: UIViewController? { currentPage }
  /// }
  /// ```
  ///
  /// A `UIHostingController` whose SwiftUI content wraps a UIKit navigation controller is
  /// such a container: subclass it and return that navigation controller.
  @MainActor
  public protocol VisibleChildContainer: UIViewController {
    /// The child the user sees now.
    var visibleChild: UIViewController? { get }
  }
#endif
