import URLResponderChainCore
public import URLResponderChainRemoteAllowlist

// `URLRequest` is Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
  public import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// A stand-in for the allowlist server, with no socket: a `RemoteAllowlist` made by
/// ``remoteAllowlist(_:cachesFolder:random:)`` sends its requests here, so an app's tests can
/// cover its remote list, its policy and its recovery prompts without an HTTP server.
///
/// ```swift
/// let server = AllowlistServerStandIn(.document(#"{"version": 1, "allow": ["example.com"]}"#))
/// let allowlist = try server.remoteAllowlist(RemoteAllowlistConfiguration(
///   endpoint: URL(string: "https://config.example.com/allowlist.json")!))
/// print(try await allowlist.loadAllowlist().verdict(for: "https://example.com"))  // allowed
/// server.reply = .failure(.serverError(status: 503))   // the server goes down
/// ```
///
/// The list's own client runs as it does in the app: its caching, validators, retries,
/// credentials and checks of the document all apply to what the stand-in answers.
///
/// Time-dependent behaviour (a list going stale, the refresh when the app becomes active, the
/// back-off during an outage) is tested on a clock of the test's: the stand-in and the lists
/// it makes wait on it, their `Date` moves with it, and every answer takes `roundTripTime` on
/// it. A relaunch is a second list over the same `cachesFolder`.
///
/// ```swift
/// let testClock = TestClock()  // moves when the test says: `testClock.advance(by: .seconds(300))`
/// let slow = AllowlistServerStandIn(
///   .document(#"{"version": 1, "allow": ["example.com"]}"#), clock: testClock, roundTripTime: .milliseconds(150))
/// let caches = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
/// let launched = try slow.remoteAllowlist(configuration, cachesFolder: caches)
/// let relaunched = try slow.remoteAllowlist(configuration, cachesFolder: caches)  // finds what `launched` kept
/// ```
public final class AllowlistServerStandIn: Sendable {
  /// What the server answers.
  public enum Reply: Sendable {
    /// `200` with the document and these header fields (by default fresh for 5 minutes), and
    /// `Content-Type: application/json` unless they name another. A request whose
    /// `If-None-Match` names the `ETag` among them gets `304 Not Modified`, with the same
    /// fields, as a real server's revalidation would.
    case document(String, headers: [String: String] = ["Cache-Control": "max-age=300"])
    /// The failure, the way a server or a network gives it: an HTTP status for
    /// `RemoteAllowlistFailure.serverError(status:)` and
    /// `RemoteAllowlistFailure.notAuthenticated(status:)` (so that retries and credentials
    /// run), a `200` whose body is not a list for `RemoteAllowlistFailure.invalidDocument(_:)`,
    /// a body past the byte limit for `RemoteAllowlistFailure.tooLarge(limit:)`, and the
    /// failure itself, from the transport, for the others.
    case failure(RemoteAllowlistFailure)
    /// Any status, header fields and body.
    case response(status: Int, headers: [String: String], body: String)
    /// No answer at all, as from a server that is down behind a load balancer: the request
    /// fails when its timeout passes on the stand-in's clock.
    case noAnswer
  }

  private let state: LockedValue<State>
  /// What the stand-in and its lists wait on.
  private let clock: WaitClock
  /// The same clock, for the lists the stand-in makes.
  private let listClock: any Clock<Duration>
  /// The time the first request starts from, for the lists' `Date`.
  private let startDate = Date()
  /// How long every answer takes on the clock.
  private let roundTripTime: Duration

  private struct State: Sendable {
    var reply: Reply
    var requests: [URLRequest] = []
  }

  /// A server that answers `reply` until told otherwise.
  ///
  /// - Parameters:
  ///   - reply: The first answer.
  ///   - clock: What the stand-in and the lists it makes wait on; their `Date` moves with it.
  ///     The continuous clock by default.
  ///   - roundTripTime: How long every answer takes on `clock`. None by default.
  public init(_ reply: Reply, clock: some Clock<Duration> = ContinuousClock(), roundTripTime: Duration = .zero) {
    state = LockedValue(State(reply: reply))
    self.clock = WaitClock(clock)
    self.listClock = clock
    self.roundTripTime = roundTripTime
  }

  /// What the server answers from now on.
  public var reply: Reply {
    get { state.withLock { $0.reply } }
    set { state.withLock { $0.reply = newValue } }
  }

  /// The requests the server received, in order.
  public var requests: [URLRequest] { state.withLock { $0.requests } }

  /// A remote allowlist whose requests come here, configured as `configuration` says (its
  /// endpoint is checked as in the app), waiting on the stand-in's clock.
  ///
  /// - Parameters:
  ///   - configuration: The list's configuration.
  ///   - cachesFolder: What `RemoteAllowlistConfiguration.CacheLocation.cachesFolder` means
  ///     for this list: a folder standing for the app's caches folder, which a second list over
  ///     it finds as a relaunched app would. `nil`, the default, keeps such a list in memory,
  ///     so that tests share nothing through the app's real caches folder.
  ///   - random: A number in `0..<1` for each of the list's random waits: the refresh after the
  ///     app becomes active, the retries' and the outage back-off's jitter. At random by
  ///     default; numbers of the test's make those waits known (`{ 0 }`: the shortest).
  public func remoteAllowlist(
    _ configuration: RemoteAllowlistConfiguration, cachesFolder: URL? = nil,
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
  ) throws(RemoteAllowlistConfigurationError) -> RemoteAllowlist {
    let (clock, startDate) = (clock, startDate)
    return try RemoteAllowlist(
      configuration: configuration, transport: StandInTransport(server: self),
      now: { startDate.addingTimeInterval(clock.elapsed() / .seconds(1)) }, random: random, clock: listClock,
      appCaches: cachesFolder)
  }

  /// The exchange for `request` after the round trip, or the failure the transport reports.
  fileprivate func answer(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    // The request reaches the server halfway through the round trip; what it says then is the answer.
    try await wait(min(roundTripTime / 2, timeout))
    let reply = state.withLock {
      $0.requests.append(request)
      return $0.reply
    }
    if case .noAnswer = reply {
      try await wait(timeout - roundTripTime / 2)
      throw .timedOut
    }
    let exchange = try answer(request, reply: reply, byteLimit: byteLimit)
    try await wait(roundTripTime / 2)
    return exchange
  }

  private func wait(_ duration: Duration) async throws(RemoteAllowlistFailure) {
    guard duration > .zero else { return }
    do {
      try await clock.sleep(duration)
    } catch {
      throw .cancelled
    }
  }

  private func answer(_ request: URLRequest, reply: Reply, byteLimit: Int) throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    switch reply {
    case .document(let text, var headers):
      if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
        headers["Content-Type"] = "application/json"
      }
      let tag = headers.first { $0.key.lowercased() == "etag" }?.value
      if let tag, request.value(forHTTPHeaderField: "If-None-Match") == tag {
        return HTTPExchange(status: 304, headers: headers, body: Data())
      }
      return try Self.limited(HTTPExchange(status: 200, headers: headers, body: Data(text.utf8)), byteLimit)
    case .response(let status, let headers, let body):
      return try Self.limited(HTTPExchange(status: status, headers: headers, body: Data(body.utf8)), byteLimit)
    case .failure(let failure):
      switch failure {
      case .serverError(let status), .notAuthenticated(let status):
        return HTTPExchange(status: status, headers: [:], body: Data())
      case .invalidDocument:
        return HTTPExchange(
          status: 200, headers: ["Content-Type": "application/json"],
          body: Data("<html>Service Unavailable</html>".utf8))
      case .tooLarge:
        throw .tooLarge(limit: byteLimit)
      default:
        throw failure
      }
    case .noAnswer:
      throw .timedOut
    }
  }

  /// A transport reads no more than the byte limit.
  private static func limited(_ exchange: HTTPExchange, _ byteLimit: Int) throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    guard exchange.body.count <= byteLimit else { throw .tooLarge(limit: byteLimit) }
    return exchange
  }
}

/// The transport a stand-in's remote allowlist sends through.
private struct StandInTransport: AllowlistTransport {
  let server: AllowlistServerStandIn

  func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    try await server.answer(request, byteLimit: byteLimit, timeout: timeout)
  }
}
