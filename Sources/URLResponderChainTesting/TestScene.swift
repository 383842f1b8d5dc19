public import URLResponderChainCore
public import URLResponderChainInboundLinks

/// A scene for inbound links in tests, like `UIWindowScene`: its key window's root view
/// controller is the root of the chain, and it reports the end of modal transitions.
///
/// ```swift
/// let app = TestApplication()
/// let root = TestViewController(name: "root")
/// let configuration = InboundLinkConfiguration(associatedDomains: ["example.com"])
/// let scene = TestScene()                       // no window yet: links are queued
/// let dispatcher = try InboundLinkDispatcher(scene: scene, configuration: configuration)
/// scene.window = app.makeWindow(rootViewController: root)
/// dispatcher.deliverQueuedLinks()
/// ```
@MainActor
public final class TestScene: InboundLinkScene {
  /// The key window; `nil` models a scene whose window is not set up yet, or is gone.
  /// Replacing it ends the waits for the old window's transitions: a dispatcher then looks
  /// at the new window.
  public var window: TestWindow? {
    didSet {
      oldValue?.scene = nil
      window?.scene = self
      if window !== oldValue { resumeWaiting() }
    }
  }
  /// The presenter whose policy decides where links sent from this scene's screens open,
  /// unless a screen declares one nearer, as a `SafariURLHandling` scene delegate declares
  /// its Safari presenter's. `nil` (the default) declares none.
  public var linkPresenter: LinkPresenter?
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var disconnectionActions: [@MainActor () -> Void] = []

  /// Creates a scene, with a window or without one yet.
  public init(window: TestWindow? = nil) {
    self.window = window
    window?.scene = self
  }

  /// The window's root view controller.
  public var rootHost: (any PresentationHost)? { window?.rootViewController }

  /// Whether a presentation or dismissal is in progress on the way to the top-most screen
  /// (the same judgement the dispatcher makes).
  public var isTransitioning: Bool {
    if case .transitioning? = rootHost?.visibleScreen { true } else { false }
  }

  /// Returns at once when no transition is in progress, else when
  /// ``TestViewController/finishTransition()`` ends the last one.
  public func transitionsEnded() async {
    guard isTransitioning else { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Called by ``TestViewController/finishTransition()``.
  func transitionDidEnd() {
    guard !isTransitioning else { return }
    resumeWaiting()
  }

  private func resumeWaiting() {
    let resumed = waiting
    waiting = []
    for continuation in resumed { continuation.resume() }
  }

  /// Disconnects the scene, as UIKit does when a window is closed or a background scene is
  /// let go of: the window goes, and every dispatcher delivering into the scene ends the links
  /// waiting for it. Releasing the scene does the same.
  public func disconnect() {
    window = nil
    let actions = disconnectionActions
    disconnectionActions = []
    for action in actions { action() }
  }

  deinit {
    let actions = disconnectionActions
    guard !actions.isEmpty else { return }
    Task { @MainActor in for action in actions { action() } }
  }
}

extension TestScene: DisconnectionReporting {
  /// Calls `action` once, when the scene is disconnected or released.
  package func whenDisconnected(_ action: @escaping @MainActor () -> Void) {
    disconnectionActions.append(action)
  }
}
