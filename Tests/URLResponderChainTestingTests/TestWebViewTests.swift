import Foundation
import Testing
import URLResponderChainCore
import URLResponderChainTesting

/// The test kit's web view decides a tapped link as `LinkRoutingNavigationDelegate` does, and
/// sends what is not its own up the chain from itself, or from the SwiftUI node it is given.
@MainActor
@Suite struct TestWebViewTests {
  private let app = TestApplication()
  private let root = TestViewController(name: "root")
  private let webView = TestWebView(name: "web view", pageURL: URL(string: "https://docs.example.com/articles/web"))

  init() {
    app.makeWindow(rootViewController: root)
    root.view.addSubview(webView)
  }

  @Test func aFragmentOfThePageLoadsInIt() async {
    guard case .handled(let reason) = await webView.tapLink(href: "#notes") else {
      Issue.record("a fragment left the page")
      return
    }
    #expect(reason == "a fragment of the page it is on")
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test(arguments: [" Java\tScript:alert(1)", "javascript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x"])
  func scriptsAndDataNeverLeaveTheWebView(href: String) async {
    guard case .discarded = await webView.tapLink(href: href) else {
      Issue.record("\(href.debugDescription) left the web view")
      return
    }
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func anotherPageGoesUpTheChainResolvedAsABrowserResolvesIt() async throws {
    guard case .notHandled(let url, let result) = await webView.tapLink(href: " /reference\t") else {
      Issue.record("a link to another page stayed in the web view")
      return
    }
    #expect(url.absoluteString == "https://docs.example.com/reference")
    #expect(result.originalURL == url)
    #expect(result.trace.first?.refers(to: webView) == true, "the walk starts at the web view")
    #expect(app.systemOpener.openedURLs == [url], "nobody took it: the application opened it")
  }

  @Test func aWebViewAttachedInSwiftUISendsFromItsNode() async throws {
    let node = RecordingURLHandler(name: ".urlHandler", next: root, answering: .discarded(reason: "not here"))
    webView.linkOrigin = node
    guard case .notHandled(_, let result) = await webView.tapLink(href: "mailto:a@example.com") else {
      Issue.record("a mailto: link stayed in the web view")
      return
    }
    #expect(result.outcome == .discarded(reason: "not here"))
    #expect(node.receivedURLs.map(\.absoluteString) == ["mailto:a@example.com"])
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func itHoldsItsSwiftUINodeWeakly() {
    weak var released: RecordingURLHandler?
    do {
      let node = RecordingURLHandler(name: ".urlHandler", next: root, answering: .notHandled)
      webView.linkOrigin = node
      released = node
    }
    #expect(released == nil)
    #expect(webView.linkOrigin == nil)
  }
}
