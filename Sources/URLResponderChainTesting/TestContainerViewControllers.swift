public import URLResponderChainCore

/// A navigation controller in the test tree: a stack of children whose top is the visible
/// one, like `UINavigationController.topViewController`.
@MainActor
open class TestNavigationController: TestViewController {
  /// The stack, bottom first.
  public private(set) var viewControllers: [TestViewController] = []

  /// Creates a navigation controller with `root` at the bottom of its stack.
  public init(name: String, root: TestViewController? = nil) {
    super.init(name: name)
    if let root { push(root) }
  }

  /// Pushes `viewController` onto the stack as a child.
  public func push(_ viewController: TestViewController) {
    addChild(viewController)
    viewControllers.append(viewController)
  }

  /// Pops the top of the stack, never the root.
  @discardableResult
  public func pop() -> TestViewController? {
    guard viewControllers.count > 1 else { return nil }
    let top = viewControllers.removeLast()
    top.removeFromParent()
    return top
  }

  /// The top of the stack.
  public var topViewController: TestViewController? { viewControllers.last }

  /// The top of the stack.
  override open var visibleChildHost: (any PresentationHost)? { topViewController }
}

/// A tab bar controller in the test tree: children of which one is selected and visible,
/// like `UITabBarController.selectedViewController`.
@MainActor
open class TestTabBarController: TestViewController {
  /// The tabs, as children.
  public private(set) var viewControllers: [TestViewController] = []
  /// The selected tab's index.
  public var selectedIndex = 0

  /// Creates a tab bar controller with `tabs` as children, the first selected.
  public init(name: String, tabs: [TestViewController]) {
    super.init(name: name)
    for tab in tabs { addChild(tab) }
    viewControllers = tabs
  }

  /// The selected tab.
  public var selectedViewController: TestViewController? {
    viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
  }

  /// The selected tab.
  override open var visibleChildHost: (any PresentationHost)? { selectedViewController }
}
