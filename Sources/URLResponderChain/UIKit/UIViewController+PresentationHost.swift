#if canImport(UIKit) && !os(watchOS)
  public import UIKit
  public import URLResponderChainCore

  /// View controllers are presentation hosts: the core's presentation decisions (top-most
  /// presented view controller, never one being dismissed) apply to them directly.
  extension UIViewController: PresentationHost {
    /// The view controller this one presents (`presentedViewController`).
    public var presentedHost: (any PresentationHost)? { presentedViewController }
  }
#endif
