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
      // The first transition coordinator up the presented view controllers, from the root.
      let presented = keyWindow?.rootViewController.map { sequence(first: $0) { $0.presentedViewController } }
      guard let coordinator = presented?.lazy.compactMap({ $0.transitionCoordinator }).first else {
        try? await Task.sleep(for: .milliseconds(16))
        return
      }
      await waitForCompletion(atMost: .seconds(1)) { done in
        coordinator.animate(alongsideTransition: nil) { _ in done() }
      }
    }
  }

  extension UIWindowScene: DisconnectionReporting {
    /// Calls `action` once, when UIKit disconnects the scene (it releases it soon after).
    package func whenDisconnected(_ action: @escaping @MainActor () -> Void) {
      NotificationCenter.default.observeOnce(UIScene.didDisconnectNotification, from: self, action)
    }
  }
#endif
