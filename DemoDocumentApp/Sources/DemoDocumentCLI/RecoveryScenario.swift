import DemoDocumentKit
import DemoHTTPServer
import Foundation
import URLResponderChain
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `demo-document --scenario offline|signed-out|server-error`: two links and one of the app's
/// own requests fail the same way at once against the demo's loopback server; one prompt
/// appears; all three are retried together when the recovery ends.
@MainActor
final class RecoveryScenario {
  enum Name: String, CaseIterable, Sendable {
    /// The server and the network are down; both return, and everything retries by itself.
    case offline
    /// The token has expired; the sign-in stores a fresh one, and the retries carry it.
    case signedOut = "signed-out"
    /// The server answers 503; it recovers, and the person taps Retry.
    case serverError = "server-error"
  }

  private let name: Name
  private let topic: Topic
  private let terminal: Terminal
  private let output: (String) -> Void
  private let state: ServerState
  private let server: LoopbackHTTPServer
  private let network = ControllableConnectivityMonitor(isConnected: true)
  private let recovery: RecoveryCoordinator
  private let runner: DemoRunner
  private var prompts: [any RecoveryPromptError] = []
  private var promptArrived: CheckedContinuation<Void, Never>?

  init(
    _ name: Name, topic: Topic, topicJSON: Data, allowlist: Data, terminal: Terminal, output: @escaping (String) -> Void
  )
    throws
  {
    self.name = name
    self.topic = topic
    self.terminal = terminal
    self.output = output
    let state = ServerState(topicJSON: topicJSON, allowlist: allowlist, requiredToken: "fresh-token")
    self.state = state
    server = try LoopbackHTTPServer(listening: name != .offline) { state.reply(to: $0) }
    recovery = RecoveryCoordinator(connectivity: network)
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.cacheLocation = .memoryOnly
    configuration.fetchTimeout = .seconds(5)
    configuration.credentials = { ["Authorization": "Bearer \(state.token)"] }
    runner = try DemoRunner(
      topic: topic, server: server, configuration: configuration, recovery: recovery, terminal: terminal,
      output: output)
    runner.topicController.errorHandler = { [weak self] error in self?.take(error) ?? .notHandled }
  }

  deinit { server.stop() }

  /// Runs the scenario, printing each step.
  ///
  /// - Returns: Whether it went as the scenario expects: one prompt, and every operation done.
  func run() async -> Bool {
    let links = Array(runner.inAppLinkNumbers.prefix(2))
    guard links.count == 2 else {
      output("this scenario needs a document with two links expected in-app")
      return false
    }
    output(terminal.bold("Scenario \(name.rawValue): ") + situation)
    switch name {
    case .offline: network.isConnected = false
    case .signedOut: state.token = "expired-token"
    case .serverError: state.failing = true
    }
    output("tapping link \(links[0]) and link \(links[1]) and refreshing the document (the app's own request) at once")
    async let first = runner.tap(links[0])
    async let second = runner.tap(links[1])
    async let refresh = refreshDocument()
    await waitForPrompt()
    await allThreeWaiting()
    output("  \(recovery.waitingOperations(for: kind)) operations wait behind \(prompts.count) prompt")
    await recover()
    let taps = await [first, second]
    let refreshed = await refresh
    output("")
    for tap in taps { runner.report(tap) }
    output("document refresh -> " + (refreshed.map { terminal.green("200, \"\($0)\"") } ?? terminal.red("failed")))
    output("")
    output("server log" + (name == .offline ? " (refused connections never reach it):" : ":"))
    for line in state.log { output(terminal.dim("  \(line)")) }
    output("")
    let ok =
      prompts.count == 1 && taps.allSatisfy(\.matchesExpectation) && refreshed != nil
      && (name != .signedOut || state.log.suffix(2).allSatisfy { $0.contains("fresh-token") })
    output(
      ok
        ? terminal.green("One prompt for three failures; all three retried together.")
        : terminal.red("The scenario did not go as expected (\(prompts.count) prompts)."))
    return ok
  }

  private var situation: String {
    switch name {
    case .offline: "the allowlist server is down and the network is offline."
    case .signedOut: "the app's token has expired; the server answers 401."
    case .serverError: "the server answers 503 Service Unavailable."
    }
  }

  private var kind: RecoveryKind {
    switch name {
    case .offline: .offline
    case .signedOut: .notAuthenticated
    case .serverError: .serverError
    }
  }

  // MARK: - The app's own request

  /// Fetches the document with `URLSession`, under the same recovery as the links.
  private func refreshDocument() async -> String? {
    let url = server.url(path: "/topic.json")
    let state = self.state
    do {
      return try await runner.topicController.runRecovering(using: recovery) {
        var request = URLRequest(url: url)
        request.setValue("Bearer \(state.token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        try HTTPStatusError.check(response)
        return try DocumentLoader.decode(data, file: "topic.json").title
      }
    } catch {
      output(terminal.red("document refresh failed: \(error)"))
      return nil
    }
  }

  // MARK: - The prompt

  private func take(_ error: any Error) -> ErrorHandlingDecision {
    guard let prompt = error as? any RecoveryPromptError else { return .notHandled }
    prompts.append(prompt)
    output(
      "  prompt \(prompts.count) — \(type(of: prompt)) from the topic screen: \"\(prompt.title)\" — \(prompt.message)")
    prompt.whenResolved { [output] choice in output("  the prompt closed: \(choice)") }
    promptArrived?.resume()
    promptArrived = nil
    return .handled
  }

  private func waitForPrompt() async {
    if !prompts.isEmpty { return }
    await withCheckedContinuation { promptArrived = $0 }
  }

  /// The links' checks and the refresh fail at slightly different moments; a demo may poll.
  private func allThreeWaiting() async {
    let deadline = ContinuousClock.now + .seconds(5)
    while recovery.waitingOperations(for: kind) < 3, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  private func recover() async {
    switch name {
    case .offline:
      output("the server comes back, and the network returns")
      try? server.startListening()
      network.isConnected = true
    case .signedOut:
      output("the app's sign-in runs and stores a fresh token")
      await (prompts.first as? SignInRequiredError)?.signIn {
        state.token = "fresh-token"
        return true
      }
    case .serverError:
      output("the server recovers, and the person taps Retry")
      state.failing = false
      prompts.first?.resolve(.retry)
    }
  }
}

/// The scenario server's state, read on its threads.
private final class ServerState: @unchecked Sendable {
  // `@unchecked`: every mutable property is read and written under `lock`.
  private let lock = NSLock()
  private let topicJSON: Data
  private let allowlist: Data
  private let requiredToken: String
  private var _token = "fresh-token"
  private var _failing = false
  private var _log: [String] = []
  /// The scenario's three operations fail "at once": the first refused reply to the list
  /// waits (at most 5 s) until the app's own request has arrived. By then both links wait on
  /// that one fetch, however the threads are scheduled; answered at once over loopback, the
  /// fetch could fail before the second link asked, which then fetched again.
  private let refreshArrived = NSCondition()
  private var _refreshSeen = false
  private var _heldARefusal = false

  init(topicJSON: Data, allowlist: Data, requiredToken: String) {
    self.topicJSON = topicJSON
    self.allowlist = allowlist
    self.requiredToken = requiredToken
  }

  /// The token the app holds (the server accepts only `requiredToken`).
  var token: String {
    get { lock.withLock { _token } }
    set { lock.withLock { _token = newValue } }
  }

  /// Whether the server answers 503.
  var failing: Bool {
    get { lock.withLock { _failing } }
    set { lock.withLock { _failing = newValue } }
  }

  /// One line per request: path, credentials, status.
  var log: [String] { lock.withLock { _log } }

  func reply(to request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
    let authorization = request.headers["authorization"] ?? "-"
    let (status, body): (Int, Data) = lock.withLock {
      if _failing { return (503, Data()) }
      if authorization != "Bearer \(requiredToken)" { return (401, Data()) }
      return (200, request.path == "/topic.json" ? topicJSON : allowlist)
    }
    if request.path == "/topic.json" {
      refreshArrived.withLock {
        _refreshSeen = true
        refreshArrived.broadcast()
      }
    } else if status != 200 {
      refreshArrived.withLock {
        guard !_heldARefusal else { return }
        _heldARefusal = true
        let deadline = Date(timeIntervalSinceNow: 5)
        while !_refreshSeen, refreshArrived.wait(until: deadline) {}
      }
    }
    lock.withLock { _log.append("GET \(request.path)  Authorization: \(authorization)  -> \(status)") }
    return status == 200
      ? .ok(body: body, headers: ["Cache-Control": "max-age=60"]) : .respond(status: status, headers: [:], body: body)
  }
}
