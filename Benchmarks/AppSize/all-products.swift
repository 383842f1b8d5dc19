// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainAllowlist,URLResponderChainLinkViews,URLResponderChainErrorHandling,URLResponderChainRouting,URLResponderChainRemoteAllowlist,URLResponderChainRecovery,URLResponderChainInboundLinks,URLResponderChainWebContent,URLResponderChainObservability baseline=baseline-swiftui title="every product's README use in one app"

import SafariServices
import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainAllowlist
import URLResponderChainErrorHandling
import URLResponderChainInboundLinks
import URLResponderChainLinkViews
import URLResponderChainObservability
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainRouting
import URLResponderChainWebContent
import WebKit

// ---- chain-safari

final class ArticleViewController_chain_safari: UIViewController, SafariURLHandling {
  let safariPresenter = SafariURLPresenter()

  override func viewDidLoad() {
    super.viewDidLoad()
    let swiftOrg = URL(string: "https://www.swift.org")!
    let link = UIButton(
      type: .system,
      primaryAction: UIAction(title: "Swift.org") { action in
        (action.sender as? UIView)?.propagateURL(swiftOrg)
      })
    view.addSubview(link)
  }
}

@MainActor func makeRootViewController_chain_safari() -> UIViewController { ArticleViewController_chain_safari() }

// ---- chain-swiftui

struct ArticleView_chain_swiftui: View {
  var body: some View {
    Text("Read [Swift.org](https://www.swift.org) or [write to us](mailto:team@example.com).")
      .presentsLinksInSafari(policy: .inApp(["swift.org", "*.swift.org"], blocking: ["*.tracker.example"]))
  }
}

@MainActor func makeRootViewController_chain_swiftui() -> UIViewController {
  UIHostingController(
    rootView: ArticleView_chain_swiftui())
}

// ---- chain-allowlist-handler

final class TopicViewController_chain_allowlist_handler: UIViewController, URLHandler {
  let allowlist: Allowlist

  init(allowlist: Allowlist) {
    self.allowlist = allowlist
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("TopicViewController_chain_allowlist_handler is created in code") }

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    guard let link = try? EligibleURL(url), allowlist.verdict(for: link).isAllowed else {
      return .systemAction  // the system browser opens it; no in-app presenter above shows it
    }
    present(SFSafariViewController(url: link.url), animated: true)
    return .handled
  }
}

@MainActor func makeRootViewController_chain_allowlist_handler() -> UIViewController {
  guard let allowlist = try? Allowlist(allow: ["example.com"], deny: []) else { return UIViewController() }
  let topic = TopicViewController_chain_allowlist_handler(allowlist: allowlist)
  topic.embed(ButtonViewController(title: "Swift.org") { $0.propagateURL(URL(string: "https://www.swift.org")!) })
  return topic
}

// ---- link-button

@MainActor func addLink_link_button(to view: UIView) {
  let link = LinkButton(url: URL(string: "https://www.swift.org")!, title: "Swift.org")
  link.onResult = { print($0) }
  view.addSubview(link)
}

@MainActor func makeRootViewController_link_button() -> UIViewController {
  let controller = UIViewController()
  addLink_link_button(to: controller.view)
  return controller
}

// ---- error-handling

struct DocumentMovedError_error_handling: AlertableError {
  let title = "Document moved"
  let message = "This document is no longer here."
}

final class DocumentViewController_error_handling: UIViewController, ErrorHandler {
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard error is DocumentMovedError_error_handling else { return .notHandled }
    navigationController?.popViewController(animated: true)
    return .handled
  }

  func documentWasMoved() async {
    await reportError(DocumentMovedError_error_handling())
  }
}

@MainActor func makeRootViewController_error_handling() -> UIViewController {
  let document = DocumentViewController_error_handling()
  document.embed(ButtonViewController(title: "Move") { _ in Task { await document.documentWasMoved() } })
  return UINavigationController(rootViewController: document)
}

// ---- allowlist

func opensInApp_allowlist(_ url: URL) throws -> Bool {
  let allowlist = try Allowlist(
    allow: ["example.com", "*.trusted.org", "docs.example.org/guides/*"], deny: ["*.ads.trusted.org"])
  return allowlist.verdict(for: url).isAllowed
}

@MainActor func makeRootViewController_allowlist() -> UIViewController {
  ButtonViewController(title: "Check") { _ in
    print((try? opensInApp_allowlist(URL(string: "https://docs.example.org/guides/a")!)) ?? false)
  }
}

// ---- routing

enum Screen_routing { case user, userNamed }

func screen_routing(for url: URL) throws -> (Screen_routing, Int?)? {
  let routes = try URLRouteTable<Screen_routing>(
    [("example.com/users/:id", .user), ("example.com/users/:name", .userNamed)],
    parameterTypes: ["id": Int.self])
  guard let (screen_routing, match) = routes.route(url) else { return nil }
  return (screen_routing, match.parameter("id", as: Int.self))
}

@MainActor func makeRootViewController_routing() -> UIViewController {
  ButtonViewController(title: "Route") { _ in
    print(String(describing: try? screen_routing(for: URL(string: "https://example.com/users/42")!)))
  }
}

// ---- remote-allowlist

final class TopicViewController_remote_allowlist: UIViewController, SafariURLHandling, AlertPresentingErrorHandler {
  let safariPresenter = SafariURLPresenter(policy: LinkPolicy(inApp: RemoteAllowlist.app_remote_allowlist))
}

extension RemoteAllowlist {
  /// The app's list, made once. Its endpoint must be https.
  static let app_remote_allowlist = try! RemoteAllowlist(
    configuration: RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
}

@MainActor func makeRootViewController_remote_allowlist() -> UIViewController {
  let topic = TopicViewController_remote_allowlist()
  topic.embed(ButtonViewController(title: "Guide") { $0.propagateURL(URL(string: "https://docs.example.com/guide")!) })
  return UINavigationController(rootViewController: topic)
}

// ---- recovery

struct Item_recovery: Decodable { let title: String }

extension ResponderChainNode {
  func loadItems(from url: URL) async throws -> [Item_recovery] {
    try await runRecovering {
      let (data, response) = try await URLSession.shared.data(from: url)
      try HTTPStatusError.check(response)  // 401, 408, 429 and 5xx are recoverable
      return try JSONDecoder().decode([Item_recovery].self, from: data)
    }
  }
}

@MainActor func makeRootViewController_recovery() -> UIViewController {
  ButtonViewController(title: "Refresh") { sender in
    Task { print((try? await sender.loadItems(from: URL(string: "https://example.com/items.json")!))?.count ?? 0) }
  }
}

// ---- inbound-links

final class SceneDelegate_inbound_links: UIResponder, UIWindowSceneDelegate {
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

@MainActor func makeRootViewController_inbound_links() -> UIViewController {
  ButtonViewController(title: "Scene") { _ in print(NSStringFromClass(SceneDelegate_inbound_links.self)) }
}

// ---- web-content

final class ArticleWebViewController_web_content: UIViewController {
  private let webView = WKWebView()
  private let linkRouting = LinkRoutingNavigationDelegate()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(webView)
    linkRouting.attach(to: webView)  // keep a strong reference, as here
  }
}

@MainActor func makeRootViewController_web_content() -> UIViewController { ArticleWebViewController_web_content() }

// ---- observability

@MainActor final class LinkAnalytics_observability: URLPropagationObserver {
  /// Your analytics client's call.
  let track: (_ event: String, _ properties: [String: String]) -> Void

  init(track: @escaping (_ event: String, _ properties: [String: String]) -> Void) {
    self.track = track
    startObservingPropagations()  // held weakly: keep the observer alive
  }

  func propagationDidFinish(_ report: URLPropagationReport) {
    track(
      "link_opened",
      [
        "outcome": "\(report.outcome)", "by": report.decidingNodeTypeName ?? "none",
        "host": report.url.host ?? "", "ms": "\(report.duration)",
      ])
  }
}

var linkAnalytics_observability: LinkAnalytics_observability?  // top-level code: main-actor isolated

@MainActor func makeRootViewController_observability() -> UIViewController {
  linkAnalytics_observability = LinkAnalytics_observability { event, properties in print(event, properties) }
  return ButtonViewController(title: "Swift.org") { $0.propagateURL(URL(string: "https://www.swift.org")!) }
}

@MainActor func makeRootViewController() -> UIViewController {
  let tabs = UITabBarController()
  tabs.viewControllers = [
    makeRootViewController_chain_safari(),
    makeRootViewController_chain_swiftui(),
    makeRootViewController_chain_allowlist_handler(),
    makeRootViewController_link_button(),
    makeRootViewController_error_handling(),
    makeRootViewController_allowlist(),
    makeRootViewController_routing(),
    makeRootViewController_remote_allowlist(),
    makeRootViewController_recovery(),
    makeRootViewController_inbound_links(),
    makeRootViewController_web_content(),
    makeRootViewController_observability(),
  ]
  return tabs
}
