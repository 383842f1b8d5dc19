import Foundation
import URLResponderChainCore
import URLResponderChainTesting

/// A paragraph that upgrades plain `http` links before they travel on.
final class ParagraphView: TestView, URLHandler {
  func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    guard url.scheme?.lowercased() == "http",
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return .notHandled }
    components.scheme = "https"
    return components.url.map { .rewrite($0) } ?? .notHandled
  }
}

/// The article screen of a small app: opens its own site's links "in-app" and blocks one
/// known-bad host. Everything else goes on to the system.
final class ArticleViewController: TestViewController, URLHandler {
  private(set) var openedInApp: [URL] = []

  func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    guard let host = url.host?.lowercased() else { return .notHandled }
    if host == "tracker.example.net" { return .discard(reason: "tracker.example.net is blocked") }
    if host == "example.com" || host.hasSuffix(".example.com") {
      // A real app would defer here while it asks a remote allowlist.
      try? await Task.sleep(for: .milliseconds(5))
      openedInApp.append(url)
      return .handled
    }
    return .notHandled
  }
}

@MainActor
func runDemo() async {
  // link view → paragraph → article → navigation → window → application
  let application = TestApplication()
  let navigation = TestViewController(name: "navigation")
  let article = ArticleViewController(name: "article")
  navigation.addChild(article)
  application.makeWindow(rootViewController: navigation)
  let paragraph = ParagraphView(name: "paragraph")
  article.view.addSubview(paragraph)
  let linkView = TestView(name: "link")
  paragraph.addSubview(linkView)

  let links = [
    "https://docs.example.com/guide",
    "http://example.com/upgrade-me",
    "https://tracker.example.net/pixel",
    "https://swift.org",
    "mailto:team@example.com",
    "javascript:alert(1)",
  ]
  for link in links {
    guard let url = URL(string: link) else { continue }
    let result = await linkView.propagateURL(url)
    print(result)
    print()
  }
  print("opened in-app: \(article.openedInApp.map(\.absoluteString))")
  print("opened by the system: \(application.systemOpener.openedURLs.map(\.absoluteString))")
}

await runDemo()
