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
    /// animation ends within the frame).
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
      }
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
