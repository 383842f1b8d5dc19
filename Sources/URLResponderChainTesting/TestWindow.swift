public import URLResponderChainCore

/// A window in the test tree.
///
/// Like `UIWindow.next`: the application. Its root view controller's view is its subview,
/// so that view controller's next responder is the window.
@MainActor
open class TestWindow: TestView, SceneDeclaring {
  /// The application that owns this window.
  public internal(set) weak var application: TestApplication?
  /// The scene this window belongs to, if it was given one (``TestScene/window``).
  public internal(set) weak var scene: TestScene?

  /// The window's root view controller; setting it installs its view in the window.
  public var rootViewController: TestViewController? {
    didSet {
      oldValue?.view.removeFromSuperview()
      if let rootViewController { addSubview(rootViewController.view) }
    }
  }

  /// The application.
  override open var nextNode: (any ResponderChainNode)? { application }

  /// The declaration of the window's scene (``TestScene/linkPresenter``), as a
  /// `SafariURLHandling` scene delegate's applies at its scene's window: above the window's
  /// own, so it may refuse what that would open.
  package var sceneLinkPresenter: LinkPresenter? { scene?.linkPresenter }
}
