public import Foundation
public import URLResponderChainCore
import URLResponderChainWebContent

/// A web view in the test tree, showing a page: a link tapped in it goes where a `WKWebView`
/// with `LinkRoutingNavigationDelegate` sends it, decided by the same portable policy. So an
/// app's tests can cover the links in its web content, their `href`s as the HTML writes them.
///
/// ```swift
/// let screen = TestViewController(name: "article")
/// let app = TestApplication()
/// app.makeWindow(rootViewController: screen)
/// let webView = TestWebView(name: "web view", pageURL: URL(string: "https://docs.example.com/a"))
/// screen.view.addSubview(webView)
/// switch await webView.tapLink(href: "/reference") {
/// case .handled(let reason): print("the web view loads it: \(reason)")    // `#notes`
/// case .notHandled(let url, let result): print("\(url) went up the chain: \(result.outcome)")
/// case .discarded(let reason): print("refused: \(reason)")                // `javascript:`
/// }
/// ```
@MainActor
open class TestWebView: TestView {
  /// What the web view does with a tapped link, in the SDK's words.
  public enum Tap: Sendable {
    /// The web view loads it itself (a fragment of the page it is on, a `blob:` or `about:`
    /// URL); why.
    case handled(reason: String)
    /// The web view cancels its own navigation and sends the link, its `href` resolved
    /// against the page as a browser resolves it, up the responder chain from
    /// ``linkOrigin``, where handlers and the app's policy decide; how that walk ended.
    case notHandled(URL, URLPropagationResult)
    /// Refused: a script or a `data:` document never leaves the web view; why.
    case discarded(reason: String)
  }

  /// The address of the page it shows: the base of its relative links.
  public var pageURL: URL?
  /// Where a link the web view sends up the chain starts its walk: the web view itself
  /// (`nil`), or, for a web view attached in SwiftUI (`attach(to:in:)`), the innermost
  /// `.urlHandler` around it.
  public weak var linkOrigin: (any ResponderChainNode)?

  /// A web view showing the page at `pageURL`.
  public init(name: String, pageURL: URL?) {
    self.pageURL = pageURL
    super.init(name: name)
  }

  /// Taps a link of the page.
  ///
  /// - Parameters:
  ///   - href: The link's `href` attribute, exactly as the HTML writes it.
  ///   - options: How a link sent up the chain is propagated.
  public func tapLink(href: String, options: URLPropagationOptions = URLPropagationOptions()) async -> Tap {
    let navigation = WebNavigation(
      url: WebLinkScheme.resolve(href: href, against: pageURL), kind: .linkActivated, target: .mainFrame,
      currentURL: pageURL)
    switch WebNavigationPolicy().decide(navigation) {
    case .handled(let reason):
      return .handled(reason: reason)
    case .discarded(let reason):
      return .discarded(reason: reason)
    case .notHandled(let url):
      return .notHandled(url, await (linkOrigin ?? self).propagateURL(url, options: options))
    }
  }
}
