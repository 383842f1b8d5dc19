#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit
  import URLResponderChainCore
  import URLResponderChain

  /// Scene delegate helpers: each hands the URLs of one callback to the dispatcher, nothing
  /// decided here.
  ///
  /// ```swift
  /// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  ///   var window: UIWindow?
  ///   var links: InboundLinkDispatcher?
  ///
  ///   func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
  ///     guard let scene = scene as? UIWindowScene else { return }
  ///     links = try? InboundLinkDispatcher(scene: scene, configuration: .init(
  ///       associatedDomains: ["example.com"], customSchemes: ["myapp"]))
  ///     links?.receive(options)              // queued: the window is not set up yet
  ///     window = UIWindow(windowScene: scene)
  ///     window?.rootViewController = RootViewController()
  ///     window?.makeKeyAndVisible()          // delivered once this method returns
  ///   }
  ///   func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) { links?.receive(contexts) }
  ///   func scene(_ scene: UIScene, continue activity: NSUserActivity) { links?.receive(activity) }
  /// }
  /// ```
  extension InboundLinkDispatcher {
    /// Queues the links a scene was launched with (`scene(_:willConnectTo:options:)`) and
    /// delivers them once the method returns, when the window is set up.
    public func receive(_ options: UIScene.ConnectionOptions) {
      receive(options.urlContexts)
      for activity in options.userActivities { receive(activity) }
      Task { @MainActor in self.deliverQueuedLinks() }
    }

    /// Hands over the URLs of `scene(_:openURLContexts:)`: the app's scheme, or `https`.
    public func receive(_ contexts: Set<UIOpenURLContext>) {
      for context in contexts { receive(context.url, source: InboundLinkSource(openedURL: context.url)) }
    }

    /// Hands over a browsing activity (`scene(_:continue:)`): a universal link, or Handoff
    /// from another device when `source` says so. Other activity types are ignored.
    public func receive(_ activity: NSUserActivity, source: InboundLinkSource = .universalLink) {
      guard activity.activityType == NSUserActivityTypeBrowsingWeb, let url = activity.webpageURL else { return }
      receive(url, source: source)
    }
  }
#endif
