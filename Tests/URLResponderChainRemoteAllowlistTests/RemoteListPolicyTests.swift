import Foundation
import LoopbackHTTPServer
import Synchronization
import TestSupport
import Testing
import URLResponderChainAllowlist
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
  var isHealthy: Bool { lock.withLock { healthy } }
  var reply: LoopbackHTTPServer.Reply {
    lock.withLock { healthy }
      ? .ok(body: RemoteAllowlistTests.document, headers: ["Cache-Control": "max-age=60"])
      : .respond(status: 503, headers: [:], body: Data())
  }
}

/// The topic screen: declares the remote list's policy (as a `SafariURLHandling` view
/// controller with `SafariURLPresenter(policy: LinkPolicy(inApp: list))` does) and shows the
/// recovery prompts reported from its links.
private final class Topic: TestViewController, ErrorHandler {
  var handlesErrors = true
  private(set) var prompts: [any RecoveryPromptError] = []
  let prompted = Gate()

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard handlesErrors, let error = error as? any RecoveryPromptError else { return .notHandled }
    prompts.append(error)
    prompted.open()
    return .handled
  }
}

/// A link inside a view that defers every link until the test releases it: while it waits,
/// the link can be taken away.
private final class DeferringView: TestView, AsyncURLHandler {
  let entered = Gate()
  let release = Gate()

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    entered.open()
    await release.wait()
    return .notHandled
  }
}

/// Two links tapped one after the other, each recording its completion, with the handler
/// timeout on a clock of the test's: a busy machine never times the links out.
@MainActor
private struct TwoTaps {
  let first = URL(string: "https://example.com/1")!
  let second = URL(string: "https://example.com/2")!
  let results = CompletionRecorder()
  let others = CompletionRecorder()
  let options = URLPropagationOptions(clock: ManualClock())
}

/// The remote list is part of the declared policy: the application at the chain's end waits
/// for it, reports its prompts from the link, and the policy decides with the one mapping of
/// a verdict (in-app, nowhere, the system). No gate checks the list a second time.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct RemoteListPolicyTests {
  private struct Tree {
    let app: TestApplication
    let topic: Topic
    let links: [TestView]
    let environment: RecordingLinkEnvironment
    let recovery: RecoveryCoordinator
    let policy: LinkPolicy
  }

  private func makeTree(
    _ server: LoopbackHTTPServer,
    unavailable: RemoteAllowlistConfiguration.UnavailablePolicy = .failClosed(baseline: nil),
    handlesErrors: Bool = true, recovery: RecoveryCoordinator = RecoveryCoordinator(),
    credentials: (@Sendable () async -> [String: String])? = nil, rules: [LinkRule] = []
  ) throws -> Tree {
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.cacheLocation = .memoryOnly
    configuration.retry.maximumAttempts = 1
    configuration.whenUnavailable = unavailable
    configuration.credentials = credentials
    let app = TestApplication()
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"], systemOpener: app.systemOpener)
    let policy = LinkPolicy(
      inApp: try RemoteAllowlist(configuration: configuration), rules: rules, recovery: recovery)
    let topic = Topic(name: "topic")
    topic.linkPresenter = LinkPresenter(environment: environment, policy: policy)
    topic.handlesErrors = handlesErrors
    app.makeWindow(rootViewController: topic)
    let links = (0..<2).map { TestView(name: "link\($0)") }
    for link in links { topic.view.addSubview(link) }
    return Tree(app: app, topic: topic, links: links, environment: environment, recovery: recovery, policy: policy)
  }

  @Test func promptsAreReportedFromTheLinksOrigin() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let recorder = CompletionRecorder()
    tree.links[0].propagateURL(
      try #require(URL(string: "https://example.com")), options: .untimed(), completion: recorder.completion)
    await tree.topic.prompted.opened()  // reported from the link, up to the topic that shows errors
    tree.topic.prompts[0].resolve(.cancel)
    #expect(await recorder.firstResult().outcome == .discarded(reason: "the allowlist server failed (HTTP 503)"))
    #expect(tree.app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aLinkWhoseViewIsGoneIsDiscardedWithoutChecking() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let url = try #require(URL(string: "https://example.com"))
    let deferring = DeferringView(name: "deferring")
    tree.topic.view.addSubview(deferring)
    var link: TestView? = TestView(name: "removed link")
    deferring.addSubview(link!)
    let recorder = CompletionRecorder()
    link!.propagateURL(url, completion: recorder.completion)
    await deferring.entered.opened()
    link!.removeFromSuperview()
    link = nil
    deferring.release.open()
    #expect(await recorder.firstResult().outcome == .discarded(reason: "the link's view is gone"))
    #expect(server.requests.isEmpty, "nothing was fetched for a link nobody can see")
  }

  @Test func allowedLinksOpenInAppRefusedOnesInTheSystemAndBlockedOnesNowhere() async throws {
    let list = Data(#"{"version": 1, "allow": ["*.example.com"], "deny": ["ads.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let allowed = try #require(URL(string: "https://docs.example.com/a"))
    let refused = try #require(URL(string: "https://swift.org"))
    let blocked = try #require(URL(string: "https://ads.example.com/pixel"))
    #expect(await tree.links[0].propagateURL(allowed, options: .untimed()).outcome == .handled)
    #expect(await tree.links[0].propagateURL(refused, options: .untimed()).outcome == .handled)
    let result = await tree.links[0].propagateURL(blocked, options: .untimed())
    #expect(result.outcome == .discarded(reason: "blocked by the deny rule \"ads.example.com\""))
    #expect(tree.environment.presentations.map(\.url) == [allowed])
    #expect(tree.app.systemOpener.openedURLs == [refused])
    #expect(result.decidingStep?.nodeID == ObjectIdentifier(tree.app), "the chain's end decided")
  }

  /// A link of another scheme that wraps a web link (Safari opens `x-safari-https://…` at the
  /// web link) waits for the list too, and its deny rules block it; a `mailto:` link does not
  /// wait, and an unreadable wrap fails closed when the list cannot be had.
  @Test func aWrappedWebLinkWaitsForTheListsDenyRules() async throws {
    let list = Data(#"{"version": 1, "allow": ["*.example.com"], "deny": ["ads.example.com"]}"#.utf8)
    let healthy = Switchable(healthy: false)
    let server = try LoopbackHTTPServer { request in
      request.path == "/allowlist.json" && healthy.isHealthy
        ? .ok(body: list, headers: ["Cache-Control": "max-age=60"]) : .respond(status: 503, headers: [:], body: Data())
    }
    defer { server.stop() }
    let tree = try makeTree(server, handlesErrors: false)
    tree.app.systemOpener.openableSchemes.insert("x-safari-https")  // Safari, on iOS 17 and later
    let mail = try #require(URL(string: "mailto:someone@ads.example.com"))
    #expect(await tree.links[0].propagateURL(mail, options: .untimed()).outcome == .handled)
    #expect(server.requests.isEmpty, "a mailto: link opens no host: it does not wait for the list")
    let wrapped = try #require(URL(string: "x-safari-https://ads.example.com/pixel"))
    let unavailable = await tree.links[0].propagateURL(wrapped, options: .untimed())
    #expect(unavailable.outcome == .discarded(reason: "the allowlist server failed (HTTP 503)"), "fails closed")
    healthy.heal()
    let blocked = await tree.links[0].propagateURL(wrapped, options: .untimed())
    #expect(blocked.outcome == .discarded(reason: "blocked by the deny rule \"ads.example.com\""))
    let other = try #require(URL(string: "x-safari-https://docs.example.com/a"))
    let otherResult = await tree.links[0].propagateURL(other, options: .untimed())
    #expect(otherResult.outcome == .handled, "\(otherResult)")
    #expect(tree.app.systemOpener.openedURLs == [mail, other], "never in-app: the system, as the link asks")
    #expect(tree.environment.presentations.isEmpty)
  }

  /// The app's rules come before the list, but a tap waits for the list's deny rules, except
  /// on a link a `discarded` rule blocks: that one is decided without asking the server.
  @Test func rulesComeBeforeTheListWhoseDenyRulesStillBlock() async throws {
    let list = Data(#"{"version": 1, "allow": ["*.example.com"], "deny": ["youtu.be/blocked"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    let tree = try makeTree(
      server, rules: [.nativeAppOrDefaultBrowser("youtu.be"), .discarded("docs.example.com/admin")])
    let blockedLocally = try #require(URL(string: "https://docs.example.com/admin"))
    let result = await tree.links[0].propagateURL(blockedLocally, options: .untimed())
    #expect(result.outcome == .discarded(reason: "discarded by the rule \"docs.example.com/admin\""))
    #expect(server.requests.isEmpty, "a nowhere rule needs no list")
    let video = try #require(URL(string: "https://youtu.be/abc"))
    let blocked = try #require(URL(string: "https://youtu.be/blocked"))
    #expect(await tree.links[0].propagateURL(video, options: .untimed()).outcome == .handled)
    let blockedResult = await tree.links[0].propagateURL(blocked, options: .untimed())
    #expect(blockedResult.outcome == .discarded(reason: "blocked by the deny rule \"youtu.be/blocked\""))
    #expect(tree.environment.openedInNativeApp == [video])
    #expect(tree.environment.presentations.isEmpty)
    #expect(tree.app.systemOpener.openedURLs.isEmpty)
  }

  /// Without a list held, a preview shows nothing, even for a link a rule shows in-app or
  /// sends to its own app: the list, once fetched, might block it. A `discarded` rule still
  /// answers.
  @Test func withoutAListHeldRulesPreviewNothing() async throws {
    let list = Data(#"{"version": 1, "allow": ["*.example.com"], "deny": ["docs.example.com/blocked"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    let tree = try makeTree(
      server,
      rules: [.inApp("docs.example.com"), .nativeAppOrDefaultBrowser("youtu.be"), .discarded("ads.example.com")])
    let blocked = try #require(URL(string: "https://docs.example.com/blocked"))
    let video = try #require(URL(string: "https://youtu.be/abc"))
    let ads = try #require(URL(string: "https://ads.example.com/x"))
    guard case .systemAction = tree.policy.destination(for: blocked) else {
      Issue.record("previewed without the list: \(tree.policy.destination(for: blocked))")
      return
    }
    #expect(tree.policy.inAppBrowserURL(for: blocked) == nil)
    guard case .systemAction = tree.policy.destination(for: video) else {
      Issue.record("sent to its app without the list: \(tree.policy.destination(for: video))")
      return
    }
    #expect(tree.policy.destination(for: ads) == .discarded(reason: "discarded by the rule \"ads.example.com\""))
    // A tap fetches the list; then the held list answers previews, its deny rule first.
    #expect(await tree.links[0].propagateURL(blocked, options: .untimed()).outcome != .handled)
    guard case .discarded = tree.policy.destination(for: blocked) else {
      Issue.record("the list's deny rule: \(tree.policy.destination(for: blocked))")
      return
    }
    #expect(tree.policy.inAppBrowserURL(for: try #require(URL(string: "https://docs.example.com/a"))) != nil)
  }

  /// With the server down and the app opted in to the system, a link a rule would show
  /// in-app goes to the system too: without the list, only a `discarded` rule answers.
  @Test func withTheSystemOptInARulesLinkGoesToTheSystemWithoutTheList() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let tree = try makeTree(
      server, unavailable: .systemAction, rules: [.inApp("docs.example.com"), .discarded("ads.example.com")])
    let docs = try #require(URL(string: "https://docs.example.com/a"))
    let ads = try #require(URL(string: "https://ads.example.com/x"))
    #expect(await tree.links[0].propagateURL(docs, options: .untimed()).outcome == .handled)
    #expect(await tree.links[0].propagateURL(ads, options: .untimed()).outcome != .handled)
    #expect(tree.environment.presentations.isEmpty)
    #expect(tree.app.systemOpener.openedURLs == [docs])
  }

  /// A link a rule shows in-app fails closed with the list: the list might block it.
  @Test func aLinkARuleShowsFailsClosedWithoutTheList() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let tree = try makeTree(server, handlesErrors: false, rules: [.nativeAppOrDefaultBrowser("youtu.be")])
    let video = try #require(URL(string: "https://youtu.be/abc"))
    let result = await tree.links[0].propagateURL(video, options: .untimed())
    #expect(result.outcome == .discarded(reason: "the allowlist server failed (HTTP 503)"))
    #expect(tree.environment.universalLinkAttempts.isEmpty && tree.environment.presentations.isEmpty)
    #expect(tree.app.systemOpener.openedURLs.isEmpty)
  }

  /// `.systemAction` still waits for the list, and a link it blocks opens nowhere.
  @Test func aLinkSentToTheSystemIsStillJudgedByTheList() async throws {
    let list = Data(#"{"version": 1, "allow": ["*.example.com"], "deny": ["ads.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let toSystem = RecordingURLHandler(name: "to the system", next: tree.topic, answering: .systemAction)
    let node = ViewLinkHandler(name: "Inner.swift:1", nil)
    node.anchor = toSystem
    let allowed = try #require(URL(string: "https://docs.example.com/a"))
    let blocked = try #require(URL(string: "https://ads.example.com/pixel"))
    #expect(await node.propagateURL(allowed, options: .untimed()).outcome == .handled)
    #expect(await node.propagateURL(blocked, options: .untimed()).outcome != .handled)
    #expect(tree.environment.presentations.isEmpty)
    #expect(tree.app.systemOpener.openedURLs == [allowed])
  }

  @Test func failuresOfTheSameKindShareOnePromptAndRetryTogether() async throws {
    let health = Switchable(healthy: false)
    let server = try LoopbackHTTPServer { _ in health.reply }
    defer { server.stop() }
    let tree = try makeTree(server)
    let taps = TwoTaps()
    tree.links[0].propagateURL(taps.first, options: taps.options, completion: taps.results.completion)
    await tree.topic.prompted.opened()
    tree.links[1].propagateURL(taps.second, options: taps.options, completion: taps.others.completion)
    // The second link's check fails too and joins the prompt: only then is the server healed.
    await tree.recovery.untilWaitingOperations(2, for: .serverError)
    #expect(tree.topic.prompts.count == 1)
    #expect(tree.topic.prompts.first?.title == "Can't check this link")
    health.heal()
    tree.topic.prompts[0].resolve(.retry)
    #expect(await taps.results.firstResult().outcome == .handled)
    #expect(await taps.others.firstResult().outcome == .handled)
    #expect(Set(tree.environment.presentations.map(\.url)) == [taps.first, taps.second])
    #expect(tree.topic.prompts.count == 1)
  }

  @Test func withNobodyToAskTheLinkIsDiscarded() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let tree = try makeTree(server, handlesErrors: false)
    let result = await tree.links[0].propagateURL(try #require(URL(string: "https://example.com")), options: .untimed())
    #expect(result.outcome == .discarded(reason: "the allowlist server failed (HTTP 503)"))
    #expect(tree.app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aPropagationThatTimesOutWhileARecoveryIsPendingStopsWaiting() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let url = try #require(URL(string: "https://example.com"))
    // The handler's timeout runs on a manual clock, so it passes only once the prompt is up,
    // however long a loaded machine takes to get the 503.
    let clock = ManualClock()
    let recorder = CompletionRecorder()
    tree.links[0].propagateURL(
      url, options: .init(handlerTimeout: .seconds(2), clock: clock), completion: recorder.completion)
    await tree.topic.prompted.opened()
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(3))
    #expect(await recorder.firstResult().outcome == .timedOut)
    try #require(tree.topic.prompts.count == 1)
    // The abandoned walk's task was cancelled: the end stops waiting for the choice. It was the
    // only link waiting, so the prompt ends too (and would close).
    #expect(await tree.topic.prompts[0].resolution() == .cancel)
    #expect(!tree.recovery.isRecovering(.serverError))
    #expect(tree.app.systemOpener.openedURLs.isEmpty)
  }

  /// With the server down, a baseline list the app ships decides a tap, deny rules included:
  /// what it blocks opens nowhere, never in the system browser, and no prompt is shown.
  @Test func withTheServerDownTheBaselineDecidesDenyRulesIncluded() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let baseline = try Allowlist(allow: ["example.com"], deny: ["example.com/admin/*"])
    let tree = try makeTree(server, unavailable: .failClosed(baseline: baseline))
    let urls = try ["https://example.com/a", "https://example.com/admin/x", "https://swift.org/"].map {
      try #require(URL(string: $0))
    }
    var outcomes: [URLPropagationResult.Outcome] = []
    for url in urls { outcomes.append(await tree.links[0].propagateURL(url, options: .untimed()).outcome) }
    #expect(outcomes[0] == .handled && outcomes[2] == .handled)
    #expect(outcomes[1] == .discarded(reason: "blocked by the deny rule \"example.com/admin/*\""))
    #expect(tree.environment.presentations.map(\.url) == [urls[0]])
    #expect(tree.app.systemOpener.openedURLs == [urls[2]])
    #expect(tree.topic.prompts.isEmpty)
  }

  @Test func passingToTheSystemBrowserIsAnExplicitOptIn() async throws {
    let server = try LoopbackHTTPServer { _ in .respond(status: 503, headers: [:], body: Data()) }
    defer { server.stop() }
    let tree = try makeTree(server, unavailable: .systemAction)
    let urls = try ["https://example.com/a", "https://example.com/admin/x"].map { try #require(URL(string: $0)) }
    for url in urls { #expect(await tree.links[0].propagateURL(url, options: .untimed()).outcome == .handled) }
    #expect(tree.environment.presentations.isEmpty)
    #expect(tree.app.systemOpener.openedURLs == urls)
    #expect(tree.topic.prompts.isEmpty)
  }

  @Test func linksCheckedWhileOfflineOpenByThemselvesWhenTheServerAndNetworkReturn() async throws {
    let server = try LoopbackHTTPServer(listening: false) { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let network = ControllableConnectivityMonitor(isConnected: false)
    let tree = try makeTree(server, recovery: RecoveryCoordinator(connectivity: network))
    let taps = TwoTaps()
    tree.links[0].propagateURL(taps.first, options: taps.options, completion: taps.results.completion)
    tree.links[1].propagateURL(taps.second, options: taps.options, completion: taps.others.completion)
    await tree.topic.prompted.opened()
    // Both checks have failed and wait on the one prompt before the network comes back.
    await tree.recovery.untilWaitingOperations(2, for: .offline)
    let prompt = try #require(tree.topic.prompts.first as? OfflineError)
    #expect(prompt.title == "Can't check this link")
    #expect(prompt.underlyingError is RemoteAllowlistFailure)
    try server.startListening()
    network.isConnected = true
    #expect(await taps.results.firstResult().outcome == .handled)
    #expect(await taps.others.firstResult().outcome == .handled)
    #expect(Set(tree.environment.presentations.map(\.url)) == [taps.first, taps.second])
    #expect(tree.topic.prompts.count == 1, "\(tree.topic.prompts.map { "\($0.kind) \($0.underlyingError)" })")
    #expect(prompt.isResolved)
  }

  @Test func aPropagationTimeoutStillEndsAnOfflineWait() async throws {
    let server = try LoopbackHTTPServer(listening: false) { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let network = ControllableConnectivityMonitor(isConnected: false)
    let tree = try makeTree(server, recovery: RecoveryCoordinator(connectivity: network))
    let url = try #require(URL(string: "https://example.com"))
    let result = try await tree.links[0].propagateURL(
      url, options: .init(handlerTimeout: .milliseconds(300)), within: .deadline)
    #expect(result.outcome == .timedOut)
    // The abandoned walk's task was cancelled: the end stops waiting for the network, and the
    // recovery it was the only one waiting on ends with cancel (or has already ended).
    let ending = await tree.recovery.untilResolved(.offline)
    #expect(ending == nil || ending == .cancel)
    #expect(!tree.recovery.isRecovering(.offline))
    #expect(tree.app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aSignInRetriesTheCheckWithTheFreshCredentials() async throws {
    let token = Mutex("expired")
    let server = try LoopbackHTTPServer { request in
      request.headers["authorization"] == "Bearer fresh"
        ? .ok(body: RemoteAllowlistTests.document) : .respond(status: 401, headers: [:], body: Data())
    }
    defer { server.stop() }
    let tree = try makeTree(server) { ["Authorization": "Bearer \(token.withLock { $0 })"] }
    let url = try #require(URL(string: "https://example.com/a"))
    let recorder = CompletionRecorder()
    // Untimed: the walk waits on the prompt, and under load longer than the default timeout.
    tree.links[0].propagateURL(url, options: .untimed(), completion: recorder.completion)
    await tree.topic.prompted.opened()
    let prompt = try #require(tree.topic.prompts.first as? SignInRequiredError)
    #expect(prompt.message == "Your session has expired. Sign in to check this link.")
    await prompt.signIn {
      token.withLock { $0 = "fresh" }
      return true
    }
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(tree.environment.presentations.map(\.url) == [url])
    #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer expired", "Bearer fresh"])
  }

  /// The README's recipe: one declaration, so what a long press previews (the policy's
  /// `eligibleURL`, from the list held now) is what a tap shows in-app, link by link.
  @Test func theRecipesPreviewsAgreeWithItsTaps() async throws {
    let list = Data(#"{"version": 1, "allow": ["example.com", "*.example.com"], "deny": ["example.com/admin/*"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: list, headers: ["Cache-Control": "max-age=60"]) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let links = [
      "https://example.com/a", "https://docs.example.com/b", "https://example.com/admin/x", "https://EXAMPLE.com./c",
      "https://swift.org/", "https://user@example.com/", "https://example.com:8443/", "mailto:a@example.com",
    ]
    #expect(tree.policy.inAppBrowserURL(for: try #require(URL(string: links[0]))) == nil, "no list yet: no preview")
    for text in links {
      let url = try #require(URL(string: text))
      _ = await tree.links[0].propagateURL(url, options: .untimed())
      let shownOnTap = tree.environment.presentations.contains { $0.url == url }
      #expect(shownOnTap == (tree.policy.inAppBrowserURL(for: url) != nil), "\(text)")
    }
    #expect(tree.environment.presentations.map(\.url.absoluteString) == Array(links.prefix(2)) + [links[3]])
  }

  /// Shown from code, not through the chain (`LinkPresenter.present(_:from:)`), a link does
  /// not wait: it is judged by the list held now, so without a list yet it is never shown
  /// in-app, and no prompt is reported. Through the chain, the same link waits for the list.
  @Test func presentingFromCodeJudgesByTheListHeldNow() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: RemoteAllowlistTests.document) }
    defer { server.stop() }
    let tree = try makeTree(server)
    let presenter = try #require(tree.topic.linkPresenter)
    let url = try #require(URL(string: "https://example.com/a"))
    let outcome = await presenter.present(url, from: tree.topic)
    #expect({ if case .systemAction = outcome { true } else { false } }(), "\(outcome)")
    #expect(server.requests.isEmpty && tree.topic.prompts.isEmpty)
    #expect(tree.environment.presentations.isEmpty)
    #expect(await tree.links[0].propagateURL(url, options: .untimed()).outcome == .handled)
    #expect(tree.environment.presentations.map(\.url) == [url])
  }
}

/// The README's recipe, "made once", as people write it: a remote list and its policy in
/// `static let`s, away from the main actor (issue 71, 4).
private enum DeclaredOnce {
  static let list = try! RemoteAllowlist(
    configuration: RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
  static let policy = LinkPolicy(inApp: list)
}

@Suite struct PolicyMadeOnceTests {
  @Test func aRemoteListsPolicyCanBeAStaticLet() throws {
    // No list is held yet: a link goes to the system browser, never in-app.
    let destination = DeclaredOnce.policy.destination(for: try #require(URL(string: "https://docs.example.com/a")))
    #expect(destination == .systemAction(reason: "the remote allowlist has no list yet"))
  }
}

/// Each unusable list gets the words that fit it (issue 71, 7): a captive portal's page asks
/// the person to sign in to the network, not to wait for "our side".
@Suite struct RecoveryPromptWordsTests {
  @Test(arguments: [
    (RemoteAllowlistFailure.captivePortal("text/html"), "Sign in to the Wi-Fi network"),
    (.timedOut, "took too long"), (.incompleteResponse("cut"), "interrupted"),
    (.unreachable("refused"), "can't be reached"), (.serverError(status: 503), "on our side"),
    (.malformedResponse("empty"), "on our side"),
  ])
  func eachFailureGetsItsOwnWords(failure: RemoteAllowlistFailure, words: String) throws {
    let kind = try #require(RecoveryClassifier.standard.kind(of: failure, isConnected: true))
    let text = RemoteAllowlist.promptText(kind: kind, failure: failure)
    #expect(text.message.contains(words), "\(failure): \(text.message)")
  }
}
