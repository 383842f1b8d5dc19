public import URLResponderChainCore

/// A view controller in the test tree, with UIKit's containment and modal presentation.
///
/// Like `UIViewController.next`: the window if its view is the window's root view, else
/// the presenting view controller if it was presented, else its view's superview (which,
/// for a child view controller, leads to the parent).
@MainActor
open class TestViewController: TestResponder {
  /// The root view; its next responder is this view controller.
  public let view: TestView
  /// The container this view controller was added to.
  public private(set) weak var parent: TestViewController?
  /// The view controllers added with ``addChild(_:)``.
  public private(set) var children: [TestViewController] = []
  /// The view controller that presented this one.
  public private(set) weak var presentingViewController: TestViewController?
  /// The view controller this one presents.
  public private(set) var presentedViewController: TestViewController?
  /// Whether a dismissal of this view controller has started and not finished.
  public internal(set) var isBeingDismissed = false
  /// Whether a presentation of this view controller has started and not finished.
  public internal(set) var isBeingPresented = false

  /// The child a container shows; `nil` here, the top of a ``TestNavigationController``'s
  /// stack or a ``TestTabBarController``'s selected tab.
  open var visibleChildHost: (any PresentationHost)? { nil }

  /// Creates a view controller with a root view named after it.
  override public init(name: String) {
    view = TestView(name: "\(name).view")
    super.init(name: name)
    view.owningViewController = self
  }

  /// Adds `child` as a child and its view as a subview of this view controller's view.
  public func addChild(_ child: TestViewController) {
    child.removeFromParent()
    children.append(child)
    child.parent = self
    view.addSubview(child.view)
  }

  /// Removes this view controller and its view from its parent.
  public func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    view.removeFromSuperview()
  }

  /// Presents `viewController` modally from this one.
  ///
  /// Like UIKit, a view controller presents one view controller at a time: presenting
  /// while already presenting fails and returns `false`.
  ///
  /// - Parameters:
  ///   - viewController: The view controller to present; it must not be presented already.
  ///   - completes: Pass `false` to leave the presentation in progress, with
  ///     ``isBeingPresented`` set, until ``finishTransition()``.
  /// - Returns: Whether the presentation started.
  @discardableResult
  public func present(_ viewController: TestViewController, completes: Bool = true) -> Bool {
    guard presentedViewController == nil, viewController.presentingViewController == nil else { return false }
    presentedViewController = viewController
    viewController.presentingViewController = self
    viewController.isBeingPresented = !completes
    window?.addSubview(viewController.view)
    return true
  }

  /// Ends this view controller's presentation or dismissal left in progress, as the end of
  /// UIKit's animation does, and tells the window's ``TestScene``.
  public func finishTransition() {
    let scene = window?.scene
    isBeingPresented = false
    if isBeingDismissed, let presenting = presentingViewController { completeDismissal(from: presenting) }
    scene?.transitionDidEnd()
  }

  /// Dismisses the view controller this one presents (or this one, if it was presented).
  ///
  /// - Parameter completes: Pass `false` to leave the dismissal in progress, with
  ///   ``isBeingDismissed`` set, as during UIKit's animated dismissal.
  public func dismiss(completes: Bool = true) {
    guard let presented = presentedViewController ?? (presentingViewController == nil ? nil : self),
      let presenting = presented.presentingViewController
    else { return }
    presented.isBeingDismissed = true
    guard completes else { return }
    presented.completeDismissal(from: presenting)
  }

  private func completeDismissal(from presenting: TestViewController) {
    let presented = self
    presented.presentedViewController?.dismiss()
    presented.isBeingDismissed = false
    presented.view.removeFromSuperview()
    presented.presentingViewController = nil
    presenting.presentedViewController = nil
  }

  /// The window whose root view controller this is, else the presenting view controller,
  /// else the superview of this view controller's view.
  override open var nextNode: (any ResponderChainNode)? {
    if let window = view.superview as? TestWindow, window.rootViewController === self { return window }
    if let presentingViewController { return presentingViewController }
    return view.superview
  }

  private var window: TestWindow? { view.window ?? presentingViewController?.window }
}
