// link-size: package=URLResponderChain products=URLResponderChainInboundLinks baseline=baseline title="inbound link dispatcher (URLResponderChainInboundLinks, README)"

import UIKit
import URLResponderChainInboundLinks

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  var links: InboundLinkDispatcher?

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    guard let scene = scene as? UIWindowScene else { return }
    let configuration = InboundLinkConfiguration(associatedDomains: ["example.com"], customSchemes: ["myapp"])
    links = try? InboundLinkDispatcher(scene: scene, configuration: configuration)
    links?.receive(options)  // delivered once the window is visible
    window = UIWindow(windowScene: scene)
    window?.rootViewController = UINavigationController()
    window?.makeKeyAndVisible()
  }

  func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) { links?.receive(contexts) }
  func scene(_ scene: UIScene, continue activity: NSUserActivity) { links?.receive(activity) }
}

@MainActor func makeRootViewController() -> UIViewController {
  ButtonViewController(title: "Scene") { _ in print(NSStringFromClass(SceneDelegate.self)) }
}
