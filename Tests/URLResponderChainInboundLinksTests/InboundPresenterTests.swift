import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainInboundLinks
import URLResponderChainTesting

/// A screen that declares where links open, as a `SafariURLHandling` view controller and
/// `presentsLinksInSafari(policy:)` do: the application at the chain's end asks it, and never
/// for a link that opened the app.
@MainActor
private final class ArticleScreen: TestViewController {
  let environment = RecordingLinkEnvironment()

  override init(name: String) {
    super.init(name: name)
    linkPresenter = LinkPresenter(environment: environment)
  }
}

/// An in-app presenter on screen never takes a link that opened the app: an own-domain
/// universal link that arrives while an article is open goes to the app's screens and its last
/// handler, never to Safari, nor back to the system (which could loop into the app, or send the
/// person to their browser).
@Suite @MainActor struct InboundPresenterTests {
  @Test(arguments: [
    ("https://example.com/documents/42", InboundLinkSource.universalLink),
    ("myapp://document/42", InboundLinkSource.customScheme),
  ])
  func anInboundLinkPassesTheArticleScreenBy(link: String, source: InboundLinkSource) async throws {
    let app = InboundApp()
    let article = ArticleScreen(name: "article")
    app.homeStack.push(article)
    let (dispatcher, lastHandlerGot) = try app.dispatcherRecordingTheLastHandler()
    let url = try #require(URL(string: link))

    let result = await dispatcher.open(url, source: source)
    #expect(result.outcome == .handled)
    #expect(lastHandlerGot.items == [url])
    #expect(article.environment.browserRequests.isEmpty)
    #expect(article.environment.universalLinkAttempts.isEmpty)
    #expect(article.environment.systemOpener.openedURLs.isEmpty)
    #expect(app.app.systemOpener.openedURLs.isEmpty)

    // The same link tapped in the article is the presenter's: it shows it in-app.
    if source == .universalLink {
      let tap = await article.view.propagateURL(url)
      #expect(tap.outcome == .handled)
      #expect(article.environment.presentations.map(\.url) == [url])
    }
  }
}
