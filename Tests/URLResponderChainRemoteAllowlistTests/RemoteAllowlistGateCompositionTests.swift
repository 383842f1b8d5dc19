import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// A view that asks the gate with only its context and passes allowed links on, as SwiftUI's
/// `.checksLinks(with:)` does: `gate.decide(url, context:)`.
private final class GateView: TestView, AsyncURLHandler {
  var gate: RemoteAllowlistGate!
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await gate.decide(url, context: context)
  }
}

/// Stands in for a `RemoteAllowlistSafariHandling` view controller: its `decideURL` is the
/// protocol's, with a recording presenter in place of the Safari one.
private final class CheckingSafariScreen: TestViewController, AsyncURLHandler {
  var gate: RemoteAllowlistGate!
  let environment = RecordingLinkEnvironment()
  var policy = LinkPolicy.inApp(["example.com"])
  lazy var presenter = LinkPresenter(environment: environment, policy: policy)
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await gate.decide(url, from: self) { await self.presenter.present($0, from: self).decision }
  }
}

/// A screen that shows every link reaching it in-app, as `.presentsLinksInSafari()` does.
private final class SafariScreen: TestViewController, AsyncURLHandler {
  let environment = RecordingLinkEnvironment()
  lazy var presenter = LinkPresenter(environment: environment)
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await presenter.present(url, from: self).decision
  }
}

/// The documented compositions of a gate under an in-app presenter: a link the list does not
/// allow never reaches the presenter, and "the system browser" means the system browser.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct RemoteAllowlistGateCompositionTests {
  private func makeTree(
    _ server: LoopbackHTTPServer, whenRefused: RemoteAllowlistGate.WhenRefused = .systemAction,
    unavailable: RemoteAllowlistConfiguration.UnavailablePolicy = .failClosed(baseline: nil)
  ) throws -> (TestApplication, SafariScreen, TestView) {
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.retry.maximumAttempts = 1
    configuration.whenUnavailable = unavailable
    let app = TestApplication()
    let screen = SafariScreen(name: "screen")
    let gateView = GateView(name: "gate")
    gateView.gate = RemoteAllowlistGate(
      allowlist: try RemoteAllowlist(configuration: configuration), whenRefused: whenRefused,
      recovery: RecoveryCoordinator())
    app.makeWindow(rootViewController: screen)
    screen.view.addSubview(gateView)
    let link = TestView(name: "link")
    gateView.addSubview(link)
    return (app, screen, link)
  }

  @Test func anAllowedLinkIsShownInAppAndARefusedOneGoesToTheSystemBrowserPastThePresenter() async throws {
    let list = Data(#"{"version": 1, "allow": ["example.com"], "deny": ["example.com/admin/*"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list) }
    defer { server.stop() }
    let (app, screen, link) = try makeTree(server)
    let allowed = try #require(URL(string: "https://example.com/a"))
    let refused = try #require(URL(string: "https://swift.org/"))
    let denied = try #require(URL(string: "https://example.com/admin/x"))
    #expect(await link.propagateURL(allowed, options: .untimed()).outcome == .handled)
    let result = await link.propagateURL(refused, options: .untimed())
    #expect(result.outcome == .handled)
    #expect(result.trace.contains { $0.decision == .systemAction })
    #expect(await link.propagateURL(denied, options: .untimed()).outcome != .handled)
    #expect(screen.environment.browserRequests == [allowed])
    #expect(app.systemOpener.openedURLs == [refused])
  }

  @Test func refusedLinksThatAreBlockedReachNobody() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let (app, screen, link) = try makeTree(server, whenRefused: .discard)
    let result = await link.propagateURL(try #require(URL(string: "https://swift.org/")), options: .untimed())
    #expect(result.outcome == .discarded(reason: "no allow rule matches swift.org"))
    #expect(screen.environment.browserRequests.isEmpty)
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aScreenThatChecksBeforeItsPresenterShowsOnlyWhatTheListAndThePolicyAllow() async throws {
    // The list allows more than the presenter's policy shows in-app: the list decides whether
    // a link may open at all, the policy where.
    let list = Data(#"{"version": 1, "allow": ["example.com", "swift.org"], "deny": ["example.com/admin/*"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.retry.maximumAttempts = 1
    let app = TestApplication()
    let screen = CheckingSafariScreen(name: "screen")
    screen.gate = RemoteAllowlistGate(
      allowlist: try RemoteAllowlist(configuration: configuration), recovery: RecoveryCoordinator())
    app.makeWindow(rootViewController: screen)
    let link = TestView(name: "link")
    screen.view.addSubview(link)
    let urls = try [
      "https://example.com/a", "https://swift.org/", "https://example.com/admin/x", "https://evil.example/",
    ]
    .map { try #require(URL(string: $0)) }
    var outcomes: [URLPropagationResult.Outcome] = []
    for url in urls { outcomes.append(await link.propagateURL(url, options: .untimed()).outcome) }
    #expect(outcomes.prefix(2) == [.handled, .handled])
    #expect(outcomes[2] == .discarded(reason: "blocked by the allowlist's deny rule \"example.com/admin/*\""))
    #expect(outcomes[3] == .handled, "the system browser opened it")
    #expect(screen.environment.browserRequests == [urls[0]], "only what the list allows and the policy shows in-app")
    #expect(screen.environment.systemOpener.openedURLs == [urls[1]], "the policy sent it to the system browser")
    #expect(app.systemOpener.openedURLs == [urls[3]], "the gate sent it past the presenter")
  }

  /// The README's recipe: the presenter's policy is the same remote list, so what a long
  /// press previews (the policy's `eligibleURL`) is what a tap shows in-app, link by link.
  @Test func theRecipesPreviewsAgreeWithItsTaps() async throws {
    let list = Data(#"{"version": 1, "allow": ["example.com", "*.example.com"], "deny": ["example.com/admin/*"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.retry.maximumAttempts = 1
    let remote = try RemoteAllowlist(configuration: configuration)
    let app = TestApplication()
    let screen = CheckingSafariScreen(name: "screen")
    screen.gate = RemoteAllowlistGate(allowlist: remote, recovery: RecoveryCoordinator())
    screen.policy = LinkPolicy(inApp: remote)
    app.makeWindow(rootViewController: screen)
    let link = TestView(name: "link")
    screen.view.addSubview(link)
    let links = [
      "https://example.com/a", "https://docs.example.com/b", "https://example.com/admin/x", "https://EXAMPLE.com./c",
      "https://swift.org/", "https://user@example.com/", "https://example.com:8443/", "mailto:a@example.com",
    ]
    #expect(screen.policy.eligibleURL(try #require(URL(string: links[0]))) == nil, "no list yet: no preview")
    for text in links {
      let url = try #require(URL(string: text))
      _ = await link.propagateURL(url, options: .untimed())
      let shownOnTap = screen.environment.presentations.contains { $0.url == url }
      #expect(shownOnTap == (screen.policy.eligibleURL(url) != nil), "\(text)")
    }
    #expect(screen.environment.presentations.map(\.url.absoluteString) == Array(links.prefix(2)) + [links[3]])
  }

  @Test func withTheListServerDownPassingToTheSystemBrowserShowsNothingInApp() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let (app, screen, link) = try makeTree(server, unavailable: .systemAction)
    let urls = try ["https://example.com/a", "https://example.com/admin/x"].map { try #require(URL(string: $0)) }
    for url in urls { #expect(await link.propagateURL(url, options: .untimed()).outcome == .handled) }
    #expect(screen.environment.browserRequests.isEmpty)
    #expect(app.systemOpener.openedURLs == urls)
  }
}
