import Foundation
import LoopbackHTTPServer
import Synchronization
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// A server that fails with 503 until it is told it is healthy.
private final class Switchable: @unchecked Sendable {
  // `@unchecked`: `healthy` is only touched under `lock`.
  private let lock = NSLock()
  private var healthy: Bool
  init(healthy: Bool) { self.healthy = healthy }
  func heal() { lock.withLock { healthy = true } }
  var reply: LoopbackHTTPServer.Reply {
    lock.withLock { healthy }
      ? .ok(body: RemoteAllowlistTests.document, headers: ["Cache-Control": "max-age=60"])
      : .respond(status: 503, headers: [:], body: Data())
  }
}

/// The topic screen: opens allowed links "in-app", shows recoverable errors.
private final class Topic: TestViewController, AsyncURLHandler, ErrorHandler {
  var gate: RemoteAllowlistGate!
  var handlesErrors = true
  private(set) var openedInApp: [URL] = []
  private(set) var prompts: [any RecoveryPromptError] = []
  private(set) var answers: [URLHandlingDecision] = []
  let prompted = Gate()
  let answered = Gate()

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    let decision = await gate.decide(url, from: self) { openedInApp.append($0) }
    answers.append(decision)
    answered.open()
    return decision
  }

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard handlesErrors, let error = error as? any RecoveryPromptError else { return .notHandled }
    prompts.append(error)
    prompted.open()
    return .handled
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct RemoteAllowlistGateTests {
  private func makeTree(
    _ server: LoopbackHTTPServer, whenRefused: RemoteAllowlistGate.WhenRefused = .systemAction,
    unavailable: RemoteAllowlistConfiguration.UnavailablePolicy = .failClosed(baseline: nil),
    handlesErrors: Bool = true, recovery: RecoveryCoordinator = RecoveryCoordinator(),
    credentials: (@Sendable () async -> [String: String])? = nil
  ) throws -> (TestApplication, Topic, [TestView]) {
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.retry.maximumAttempts = 1
    configuration.whenUnavailable = unavailable
    configuration.credentials = credentials
    let app = TestApplication()
    let topic = Topic(name: "topic")
    topic.gate = RemoteAllowlistGate(
      allowlist: try RemoteAllowlist(configuration: configuration), whenRefused: whenRefused,
      recovery: recovery)
    topic.handlesErrors = handlesErrors
    app.makeWindow(rootViewController: topic)
    let links = (0..<2).map { TestView(name: "link\($0)") }
    for link in links { topic.view.addSubview(link) }
    return (app, topic, links)
  }

  @Test func aHandlerWithOnlyItsContextReportsFromTheLinksOrigin() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let (_, topic, links) = try makeTree(server)
    let url = try #require(URL(string: "https://example.com"))
    // As a SwiftUI `urlHandler` calls it: no node of its own, only the context.
    let context = URLHandlingContext(originalURL: url, origin: links[0])
    let gate = try #require(topic.gate)
    let decision = Task { await gate.decide(url, context: context) { _ in .handled } }
    await topic.prompted.wait()  // reported from the link, up to the topic that shows errors
    topic.prompts[0].resolve(.cancel)
    #expect(
      try await decision.value(within: .deadline) == .discarded(reason: "the allowlist server failed (HTTP 503)"))
  }

  @Test func aHandlerWhoseLinkIsGoneDiscardsWithoutChecking() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let (_, topic, _) = try makeTree(server)
    let url = try #require(URL(string: "https://example.com"))
    var link: TestView? = TestView(name: "removed link")
    let context = URLHandlingContext(originalURL: url, origin: link!)
    link = nil
    let decision = await topic.gate.decide(url, context: context) { _ in .handled }
    #expect(decision == .discarded(reason: "the link's view is gone"))
    #expect(server.requests.isEmpty, "nothing was fetched for a link nobody can see")
  }

  @Test func allowedLinksOpenInAppAndRefusedOnesGoToTheSystem() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let (app, topic, links) = try makeTree(server)
    let allowed = try #require(URL(string: "https://example.com/a"))
    let refused = try #require(URL(string: "https://swift.org"))
    #expect(await links[0].propagateURL(allowed, options: .untimed()).outcome == .handled)
    #expect(await links[0].propagateURL(refused, options: .untimed()).outcome == .handled)
    #expect(topic.openedInApp == [allowed])
    #expect(app.systemOpener.openedURLs == [refused])
  }

  @Test func linksADenyRuleMatchesAreBlockedEvenWhenRefusedOnesPassOn() async throws {
    let list = Data(#"{"version": 1, "allow": ["*.example.com"], "deny": ["ads.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list) }
    defer { server.stop() }
    let (app, _, links) = try makeTree(server)
    let result = await links[0].propagateURL(
      try #require(URL(string: "https://ads.example.com/pixel")), options: .untimed())
    #expect(result.outcome == .discarded(reason: "blocked by the allowlist's deny rule \"ads.example.com\""))
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func refusedLinksCanBeBlocked() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let (app, _, links) = try makeTree(server, whenRefused: .discard)
    let result = await links[0].propagateURL(try #require(URL(string: "https://swift.org")), options: .untimed())
    #expect(result.outcome == .discarded(reason: "no allow rule matches swift.org"))
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func failuresOfTheSameKindShareOnePromptAndRetryTogether() async throws {
    let health = Switchable(healthy: false)
    let server = try LoopbackHTTPServer { _ in health.reply }
    defer { server.stop() }
    let (_, topic, links) = try makeTree(server)
    let first = try #require(URL(string: "https://example.com/1"))
    let second = try #require(URL(string: "https://example.com/2"))
    let results = CompletionRecorder()
    let others = CompletionRecorder()
    // The handler timeout on a clock of the test's: a busy machine never times the links out.
    let options = URLPropagationOptions(clock: ManualClock())
    links[0].propagateURL(first, options: options, completion: results.completion)
    await topic.prompted.wait()
    links[1].propagateURL(second, options: options, completion: others.completion)
    // The second link's check fails too and joins the prompt: only then is the server healed
    // (on a busy machine its request can still be on its way when the prompt is up).
    await topic.gate.recovery.untilWaitingOperations(2, for: .serverError)
    #expect(topic.prompts.count == 1)
    #expect(topic.prompts.first?.title == "Can't check this link")
    health.heal()
    topic.prompts[0].resolve(.retry)
    #expect(await results.firstResult().outcome == .handled)
    #expect(await others.firstResult().outcome == .handled)
    #expect(Set(topic.openedInApp) == [first, second])
    #expect(topic.prompts.count == 1)
  }

  @Test func cancellingTheRecoveryDiscardsTheLink() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let (app, topic, links) = try makeTree(server)
    let recorder = CompletionRecorder()
    links[0].propagateURL(
      try #require(URL(string: "https://example.com")), options: .untimed(), completion: recorder.completion)
    await topic.prompted.wait()
    topic.prompts[0].resolve(.cancel)
    #expect(await recorder.firstResult().outcome == .discarded(reason: "the allowlist server failed (HTTP 503)"))
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func withNobodyToAskTheLinkIsDiscarded() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let (app, _, links) = try makeTree(server, handlesErrors: false)
    let result = await links[0].propagateURL(try #require(URL(string: "https://example.com")), options: .untimed())
    #expect(result.outcome == .discarded(reason: "the allowlist server failed (HTTP 503)"))
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aPropagationThatTimesOutWhileARecoveryIsPendingStopsWaiting() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let (_, topic, links) = try makeTree(server)
    let url = try #require(URL(string: "https://example.com"))
    // The handler's timeout runs on a manual clock, so it passes only once the prompt is up,
    // however long a loaded machine takes to get the 503.
    let clock = ManualClock()
    let recorder = CompletionRecorder()
    links[0].propagateURL(
      url, options: .init(handlerTimeout: .seconds(2), clock: clock), completion: recorder.completion)
    await topic.prompted.wait()
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(3))
    #expect(await recorder.firstResult().outcome == .timedOut)
    try #require(topic.prompts.count == 1)
    // The abandoned handler's task was cancelled: it stops waiting for the choice and answers.
    await topic.answered.wait()
    #expect(topic.answers == [.discarded(reason: "the allowlist check was cancelled")])
    // It was the only link waiting, so the prompt ends too (and would close).
    #expect(await topic.prompts[0].resolution() == .cancel)
    #expect(!topic.gate.recovery.isRecovering(.serverError))
  }

  @Test func passingToTheSystemBrowserIsAnExplicitOptIn() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let (app, topic, links) = try makeTree(server, unavailable: .systemAction)
    let url = try #require(URL(string: "https://example.com"))
    #expect(await links[0].propagateURL(url, options: .untimed()).outcome == .handled)
    #expect(app.systemOpener.openedURLs == [url])
    #expect(topic.prompts.isEmpty)
  }

  @Test func linksCheckedWhileOfflineOpenByThemselvesWhenTheServerAndNetworkReturn() async throws {
    let server = try LoopbackHTTPServer(listening: false) { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let network = ControllableConnectivityMonitor(isConnected: false)
    let (_, topic, links) = try makeTree(server, recovery: RecoveryCoordinator(connectivity: network))
    let first = try #require(URL(string: "https://example.com/1"))
    let second = try #require(URL(string: "https://example.com/2"))
    let results = CompletionRecorder()
    let others = CompletionRecorder()
    let options = URLPropagationOptions(clock: ManualClock())
    links[0].propagateURL(first, options: options, completion: results.completion)
    links[1].propagateURL(second, options: options, completion: others.completion)
    await topic.prompted.wait()
    // Both checks have failed and wait on the one prompt before the network comes back.
    await topic.gate.recovery.untilWaitingOperations(2, for: .offline)
    let prompt = try #require(topic.prompts.first as? OfflineError)
    #expect(prompt.title == "Can't check this link")
    #expect(prompt.underlyingError is RemoteAllowlistFailure)
    try server.startListening()
    network.isConnected = true
    #expect(await results.firstResult().outcome == .handled)
    #expect(await others.firstResult().outcome == .handled)
    #expect(Set(topic.openedInApp) == [first, second])
    #expect(topic.prompts.count == 1, "\(topic.prompts.map { "\($0.kind) \($0.underlyingError)" })")
    #expect(prompt.isResolved)
  }

  @Test func aPropagationTimeoutStillEndsAnOfflineWait() async throws {
    let server = try LoopbackHTTPServer(listening: false) { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let network = ControllableConnectivityMonitor(isConnected: false)
    let (app, topic, links) = try makeTree(server, recovery: RecoveryCoordinator(connectivity: network))
    let url = try #require(URL(string: "https://example.com"))
    let result = await links[0].propagateURL(url, options: .init(handlerTimeout: .milliseconds(300)))
    #expect(result.outcome == .timedOut)
    await topic.answered.wait()
    #expect(topic.answers == [.discarded(reason: "the allowlist check was cancelled")])
    #expect(!topic.gate.recovery.isRecovering(.offline))
    #expect(app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aSignInRetriesTheCheckWithTheFreshCredentials() async throws {
    let token = Mutex("expired")
    let server = try LoopbackHTTPServer { request in
      request.headers["authorization"] == "Bearer fresh"
        ? .ok(body: RemoteAllowlistTests.document) : .respond(status: 401, headers: [:], body: Data())
    }
    defer { server.stop() }
    let (_, topic, links) = try makeTree(server) { ["Authorization": "Bearer \(token.withLock { $0 })"] }
    let url = try #require(URL(string: "https://example.com/a"))
    let recorder = CompletionRecorder()
    // Untimed: the walk waits on the prompt, and under load longer than the default timeout.
    links[0].propagateURL(url, options: .untimed(), completion: recorder.completion)
    await topic.prompted.wait()
    let prompt = try #require(topic.prompts.first as? SignInRequiredError)
    #expect(prompt.message == "Your session has expired. Sign in to check this link.")
    await prompt.signIn {
      token.withLock { $0 = "fresh" }
      return true
    }
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(topic.openedInApp == [url])
    #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer expired", "Bearer fresh"])
  }
}
