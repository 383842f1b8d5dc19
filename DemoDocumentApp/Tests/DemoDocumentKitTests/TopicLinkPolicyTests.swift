import DemoDocumentKit
import Foundation
import LoopbackHTTPServer
import Testing
import URLResponderChainCore
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

@MainActor
@Suite struct TopicLinkPolicyTests {
  @Test(arguments: [
    ("javascript:alert(1)", "javascript: links are never opened from a document"),
    ("JavaScript:alert(1)", "javascript: links are never opened from a document"),
    ("data:text/html,<b>x</b>", "data: links are never opened from a document"),
    ("file:///etc/passwd", "file: links are never opened from a document"),
    ("https://example.com@evil.example.net/", "unsafe link: contains a user name or password"),
    ("http://127.0.0.1/admin", "unsafe link: host \"127.0.0.1\" is an IP address"),
  ])
  func hostileLinksAreBlockedBeforeTheAllowlistIsAsked(link: String, reason: String) async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)) }
    defer { server.stop() }
    let policy = TopicLinkPolicy(
      allowlist: try RemoteAllowlist(configuration: .init(endpoint: server.url())),
      environment: RecordingLinkEnvironment(),
      recovery: RecoveryCoordinator())
    let decision = await policy.decide(try #require(URL(string: link)), from: TestViewController(name: "topic"))
    #expect(decision == .discarded(reason: reason))
    #expect(server.requests.isEmpty)
  }

  @Test func theDefaultBrowserPreferenceOpensAllowedLinksInTheSystemAndYouTubeInItsApp() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)) }
    defer { server.stop() }
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
    let policy = TopicLinkPolicy(
      allowlist: try RemoteAllowlist(configuration: .init(endpoint: server.url())),
      environment: environment, recovery: RecoveryCoordinator())
    let allowed = try #require(URL(string: "https://example.com/guide"))
    let video = try #require(URL(string: "https://youtu.be/abc"))
    #expect(await policy.decide(allowed, from: TestViewController(name: "topic")) == .handled)
    #expect(environment.presentations.map(\.url) == [allowed], "in-app by default")
    environment.dismissBrowser(showing: allowed)
    policy.openingPreference = .defaultBrowser
    #expect(await policy.decide(allowed, from: TestViewController(name: "topic")) == .handled)
    #expect(environment.systemOpener.openedURLs == [allowed])
    #expect(await policy.decide(video, from: TestViewController(name: "topic")) == .handled)
    #expect(environment.openedInNativeApp == [video])
    #expect(environment.presentations.count == 1, "nothing more shown in-app")
  }

  @Test func httpLinksAreUpgradedOnlyFromHTTP() throws {
    #expect(
      HTTPSUpgrade.upgraded(try #require(URL(string: "http://example.com:80/a?b=c")))?.absoluteString
        == "https://example.com/a?b=c")
    #expect(HTTPSUpgrade.upgraded(try #require(URL(string: "https://example.com"))) == nil)
    #expect(HTTPSUpgrade.upgraded(try #require(URL(string: "mailto:a@example.com"))) == nil)
  }
}
