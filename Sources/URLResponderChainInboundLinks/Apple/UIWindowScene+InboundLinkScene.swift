#if canImport(UIKit) && !os(watchOS)
  public import UIKit
  public import URLResponderChainCore
  import URLResponderChain

  /// A window scene is where inbound links are delivered: its key window's root view
  /// controller is the root of the chain.
  extension UIWindowScene: InboundLinkScene {
    /// The key window's root view controller.
    public var rootHost: (any PresentationHost)? { keyWindow?.rootViewController }

    /// Returns when the presentation or dismissal in progress ends: at the completion of its
    /// transition coordinator, or after one frame when it has none (a transition without
    /// animation ends within the frame). A second at most: a transition whose window is
    /// replaced, or whose scene goes away, may never complete, and the dispatcher then looks
    /// at the scene again (its new window, or none).
    public func transitionsEnded() async {
      var controller = keyWindow?.rootViewController
      var coordinator: (any UIViewControllerTransitionCoordinator)?
      while let current = controller, coordinator == nil {
        coordinator = current.transitionCoordinator
        controller = current.presentedViewController
      }
      guard let coordinator else {
        try? await Task.sleep(for: .milliseconds(16))
        return
      }
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = ResumeOnce(continuation)
        let queued = coordinator.animate(alongsideTransition: nil) { _ in once.resume() }
        if !queued { once.resume() }
        Task { @MainActor in
          try? await Task.sleep(for: .seconds(1))
          once.resume()
        }
      }
    }
  }

  extension UIWindowScene: DisconnectionReporting {
    /// Calls `action` once, when UIKit disconnects the scene (it releases it soon after).
    package func whenDisconnected(_ action: @escaping @MainActor () -> Void) {
      let observation = DisconnectionObservation(action)
      observation.token = NotificationCenter.default.addObserver(
        forName: UIScene.didDisconnectNotification, object: self, queue: .main
      ) { _ in
        MainActor.assumeIsolated { observation.fire() }
      }
    }
  }

  /// One observation of a scene's disconnection: removed when it fires, so it fires once.
  @MainActor
  private final class DisconnectionObservation {
    var token: (any NSObjectProtocol)?
    private let action: @MainActor () -> Void
    init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    func fire() {
      guard let token else { return }
      NotificationCenter.default.removeObserver(token)
      self.token = nil
      action()
    }
  }

  /// Resumes a continuation once, whichever of the coordinator's completion and its refusal
  /// to queue comes first. Touched on the main thread only, where UIKit calls the completion.
  @MainActor
  private final class ResumeOnce {
    private var continuation: CheckedContinuation<Void, Never>?
    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
    func resume() {
      continuation?.resume()
      continuation = nil
    }
  }
#endif
