public import URLResponderChainCore

/// A view in the test tree.
///
/// Like `UIView.next`: the view controller whose root view this is, otherwise the superview.
/// Superviews own their subviews; a subview refers to its superview weakly, as in UIKit.
@MainActor
open class TestView: TestResponder {
  /// The view this one is a subview of.
  public private(set) weak var superview: TestView?
  /// The views this one contains, in order.
  public private(set) var subviews: [TestView] = []
  /// The view controller whose root view this is, if any.
  public internal(set) weak var owningViewController: TestViewController?

  /// Adds `view` as the last subview, removing it from its current superview first.
  public func addSubview(_ view: TestView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  /// Removes this view from its superview.
  public func removeFromSuperview() {
    guard let superview else { return }
    superview.subviews.removeAll { $0 === self }
    self.superview = nil
  }

  /// The window this view is in, if any.
  public var window: TestWindow? {
    var view: TestView? = self
    while let current = view {
      if let window = current as? TestWindow { return window }
      view = current.superview
    }
    return nil
  }

  /// The view controller whose root view this is, otherwise the superview.
  override open var nextNode: (any ResponderChainNode)? {
    owningViewController ?? superview
  }
}
