import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainTesting

@testable import URLResponderChainCore

/// A handler that answers every link alike, as a screen that sends links to the system does.
@MainActor
private final class AnsweringScreen: TestViewController, URLHandler {
  var answer: URLHandlingDecision = .notHandled

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { answer }
}

/// A tap on a link whose host is an escaped internationalized spelling of a blocked host
/// (`https://evil%E3%80%82example/`, which a browser loads from `evil.example`) opens
/// nowhere through the chain: not in-app, not in the system browser, and not after a handler
/// answers `.systemAction`. It used to go to the system browser past the deny rule.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct EscapedIDNChainTests {
  private let application = TestApplication()
  private let root = AnsweringScreen(name: "root")
  private let article = TestViewController(name: "article")
  private let environment: RecordingLinkEnvironment

  init() {
    environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    article.linkPresenter = LinkPresenter(
      environment: environment, policy: .inApp(["*.good.example"], blocking: ["evil.example", "bücher.example"]))
    application.makeWindow(rootViewController: root)
    root.addChild(article)
  }

  @Test(arguments: [
    "https://evil%E3%80%82example/", "https://evil%EF%BD%A1example/login", "https://b%C3%BCcher.example/",
    "https://bu%CC%88cher.example/", "x-safari-https://evil%E3%80%82example/",
  ])
  func aTapOnAnEscapedIDNSpellingOfABlockedHostOpensNowhere(link: String) async throws {
    let url = try #require(URL(string: link))
    for answer in [URLHandlingDecision.notHandled, .systemAction] {
      root.answer = answer
      let result = await article.view.propagateURL(url)
      guard case .discarded = result.outcome else {
        Issue.record("\(link) after \(answer): \(result.outcome)")
        continue
      }
    }
    #expect(application.systemOpener.openedURLs.isEmpty, "\(link)")
    #expect(environment.presentations.isEmpty, "\(link)")
    // A listed host still opens in-app.
    root.answer = .notHandled
    let listed = try #require(URL(string: "https://docs.good.example/a"))
    #expect(await article.view.propagateURL(listed).outcome == .handled)
    #expect(environment.presentations.map(\.url) == [listed])
  }
}
