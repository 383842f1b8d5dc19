import DemoDocumentKit
import Foundation
import Testing
import URLResponderChain
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// The topic's declared policy (`LinkPolicy.topic`), asked by the chain's end as in the app:
/// a link view below a topic screen that declares it, the demo's own list behind a stand-in
/// server.
@MainActor
@Suite struct TopicPolicyTests {
  /// The application, a topic screen declaring the policy, a link view, and the list server.
  @MainActor
  private struct Screen {
    let app = TestApplication()
    let topic = TestViewController(name: "topic")
    let link = TestView(name: "link")
    let environment: RecordingLinkEnvironment
    let server = AllowlistServerStandIn(.document(TopicPolicyTests.allowlist))

    init() throws {
      environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"], systemOpener: app.systemOpener)
      let list = try server.remoteAllowlist(
        RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
      topic.linkPresenter = LinkPresenter(
        environment: environment, policy: .topic(list, recovery: RecoveryCoordinator()))
      app.makeWindow(rootViewController: topic)
      topic.view.addSubview(link)
    }

    func tap(_ link: String) async throws -> URLPropagationResult.Outcome {
      // A day for the handlers: the test is not about the timeout, and a loaded run can keep
      // the main actor busy.
      await self.link.propagateURL(
        try #require(URL(string: link)), options: URLPropagationOptions(handlerTimeout: .seconds(86_400))
      ).outcome
    }
  }

  /// The list the demo serves (`DemoDocumentApp/Documents/allowlist.json`).
  static let allowlist = try! String(
    contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../Documents/allowlist.json"), encoding: .utf8)

  @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd"])
  func schemesThatNeverLeaveADocumentOpenNowhereWithoutTheList(link: String) async throws {
    let screen = try Screen()
    guard case .discarded = try await screen.tap(link) else {
      Issue.record("\(link) was not discarded")
      return
    }
    #expect(screen.server.requests.isEmpty)
    #expect(screen.app.systemOpener.openedURLs.isEmpty && screen.environment.presentations.isEmpty)
  }

  /// The user-info trick reads as `evil.example.net`, which the list denies: it opens nowhere,
  /// not in the system browser. An IP address is not shown in-app: the system opens it.
  @Test func aDenyRuleBlocksEverySpellingAndARefusedLinkGoesToTheSystem() async throws {
    let screen = try Screen()
    let trick = try await screen.tap("https://example.com@evil.example.net/login")
    #expect(trick == .discarded(reason: "blocked by the deny rule \"evil.example.net\""))
    #expect(try await screen.tap("http://127.0.0.1/admin") == .handled)
    #expect(screen.app.systemOpener.openedURLs.map(\.absoluteString) == ["http://127.0.0.1/admin"])
    #expect(screen.environment.presentations.isEmpty)
  }

  @Test func theDefaultBrowserPreferenceOpensAllowedLinksInTheSystemAndYouTubeInItsApp() async throws {
    let screen = try Screen()
    let allowed = try #require(URL(string: "https://example.com/guide"))
    let video = try #require(URL(string: "https://youtu.be/abc"))
    #expect(try await screen.tap(allowed.absoluteString) == .handled)
    #expect(screen.environment.presentations.map(\.url) == [allowed], "in-app by default")
    screen.environment.dismissBrowser(showing: allowed)
    screen.topic.linkPresenter?.policy.preference = .defaultBrowser
    #expect(try await screen.tap(allowed.absoluteString) == .handled)
    #expect(screen.app.systemOpener.openedURLs == [allowed])
    #expect(try await screen.tap(video.absoluteString) == .handled)
    #expect(screen.environment.openedInNativeApp == [video])
    #expect(screen.environment.presentations.count == 1, "nothing more shown in-app")
  }

  @Test func httpLinksAreUpgradedOnlyFromHTTP() throws {
    #expect(
      HTTPSUpgrade.upgraded(try #require(URL(string: "http://example.com:80/a?b=c")))?.absoluteString
        == "https://example.com/a?b=c")
    #expect(HTTPSUpgrade.upgraded(try #require(URL(string: "https://example.com"))) == nil)
    #expect(HTTPSUpgrade.upgraded(try #require(URL(string: "mailto:a@example.com"))) == nil)
  }
}
