import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// The remote allowlist against a real HTTP server on 127.0.0.1, through real URLSession.
@Suite(.timeLimit(.minutes(3))) struct RemoteAllowlistTests {
  static let document = Data(#"{"version": 1, "allow": ["example.com", "*.trusted.org"]}"#.utf8)
  static let otherDocument = Data(#"{"version": 1, "allow": ["other.org"]}"#.utf8)

  private func serve(_ replies: LoopbackHTTPServer.Reply...) throws -> LoopbackHTTPServer {
    let script = ReplyScript(replies)
    return try LoopbackHTTPServer { _ in script.next() }
  }

  private func configuration(_ server: LoopbackHTTPServer, cache: URL? = nil) -> RemoteAllowlistConfiguration {
    configuration(server.url(path: "/allowlist.json"), cache: cache)
  }

  private func configuration(_ endpoint: URL, cache: URL? = nil) -> RemoteAllowlistConfiguration {
    var configuration = RemoteAllowlistConfiguration(endpoint: endpoint)
    // Real loopback exchanges: bounds a loaded machine cannot hit (a retry after a 503 once
    // ran out of a 3 s budget with both cores busy). The timeouts' own behaviour is
    // RemoteAllowlistTimingTests', on a clock the test moves.
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    configuration.retry.baseDelay = .milliseconds(10)
    configuration.retry.maximumDelay = .milliseconds(50)
    configuration.cacheLocation = cache.map { .directory($0) } ?? .memoryOnly
    return configuration
  }

  private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("allowlist-tests-\(UUID().uuidString)")
  }

  private static func ok(_ body: Data = document, _ headers: [String: String] = [:]) -> LoopbackHTTPServer.Reply {
    .ok(body: body, headers: headers)
  }

  @Test func aFreshFetchAllowsAndRefusesByTheList() async throws {
    let server = try serve(Self.ok(Self.document, ["Cache-Control": "max-age=60"]))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://a.trusted.org") == .allowed(rule: "*.trusted.org"))
    #expect(await remote.checked("https://evil.com") == .notAllowed(reason: "no allow rule matches evil.com"))
    #expect(await remote.requestCount == 1)
  }

  @Test func withinMaxAgeNoRequestIsMade() async throws {
    let server = try serve(Self.ok(Self.document, ["Cache-Control": "max-age=600"]))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    for _ in 0..<5 { _ = await remote.checked("https://example.com") }
    #expect(server.requests.count == 1)
  }

  @Test func aStaleListIsRevalidatedWithItsETagAnd304KeepsIt() async throws {
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": "max-age=0", "ETag": "\"v1\""]),
      .respond(status: 304, headers: ["ETag": "\"v1\""], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
    #expect(server.requests.count == 2)
    #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
  }

  @Test func withinStaleWhileRevalidateTheOldListServesWhileABackgroundFetchRefreshesIt() async throws {
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": "max-age=0, stale-while-revalidate=600"]),
      Self.ok(Self.otherDocument, ["Cache-Control": "max-age=600"]))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)  // stale, served at once
    await remote.finishPendingFetch()
    #expect(server.requests.count == 2)
    #expect(await remote.checked("https://other.org").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed == false)
  }

  @Test func withinStaleIfErrorTheOldListServesWhenTheServerFails() async throws {
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": "max-age=0, stale-if-error=600"]),
      .respond(status: 500, headers: [:], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.count == 4)  // the first fetch, then three attempts
  }

  // Past stale-if-error, and whatever its window beside must-revalidate or no-cache: RFC 9111
  // §5.2.2.2 says "if a cache is disconnected, the cache MUST generate an error response
  // rather than reuse the stale response", and §4.2.4 extends that to no-cache. A server that
  // can be kept from answering must not keep a stale list in force against its own word.
  @Test(arguments: [
    "max-age=0", "max-age=0, stale-if-error=600, must-revalidate", "max-age=0, stale-if-error=600, no-cache",
  ])
  func aFailedRefreshWithoutAUsableStaleWindowIsUnavailable(cacheControl: String) async throws {
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": cacheControl]), .respond(status: 500, headers: [:], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    let check = await remote.checked("https://example.com")
    #expect(check == .unavailable(.serverError(status: 500)), "\(check)")
  }

  @Test func aRefusedConnectionIsUnavailableAndFailsClosed() async throws {
    let refusing = try RefusingLoopbackPort()
    let remote = try RemoteAllowlist(configuration: configuration(refusing.url(path: "/allowlist.json")))
    guard case .unavailable(.unreachable) = await remote.checked("https://example.com") else {
      Issue.record("expected unreachable")
      return
    }
    withExtendedLifetime(refusing) {}
  }

  @Test func aServerThatNeverAnswersTimesOutWithinTheFetchTimeout() async throws {
    let server = try serve(.hang)
    defer { server.stop() }
    var configuration = configuration(server)
    // End to end through URLSession: one attempt alone would take an hour, so only the 1 s
    // fetch timeout can end it within the suite's time limit, however loaded the machine. The
    // exact durations are RemoteAllowlistTimingTests', on a clock the test moves.
    configuration.requestTimeout = .seconds(3600)
    configuration.fetchTimeout = .seconds(1)
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://example.com") == .unavailable(.timedOut))
  }

  @Test func aServerErrorThenSuccessIsRetried() async throws {
    let server = try serve(.respond(status: 502, headers: [:], body: Data()), Self.ok())
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.count == 2)
  }

  @Test func clientErrorsAreNotRetried() async throws {
    let server = try serve(.respond(status: 404, headers: [:], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com") == .unavailable(.serverError(status: 404)))
    #expect(server.requests.count == 1)
  }

  @Test func a401RefreshesCredentialsOnceAndRetries() async throws {
    let server = try LoopbackHTTPServer { request in
      request.headers["authorization"] == "Bearer fresh"
        ? .ok(body: Self.document) : .respond(status: 401, headers: [:], body: Data())
    }
    defer { server.stop() }
    var configuration = configuration(server)
    configuration.headers = ["Authorization": "Bearer expired"]
    configuration.refreshCredentials = { ["Authorization": "Bearer fresh"] }
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer expired", "Bearer fresh"])
  }

  @Test func a401WithoutFreshCredentialsIsNotAuthenticated() async throws {
    let server = try serve(.respond(status: 401, headers: [:], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com") == .unavailable(.notAuthenticated(status: 401)))
    #expect(server.requests.count == 1)
  }

  @Test func garbageAndInvalidListsAreRefusedWhole() async throws {
    for body in [Data("<html>oops</html>".utf8), Data(#"{"version": 1, "allow": ["example.com", "*.com"]}"#.utf8)] {
      let server = try serve(Self.ok(body))
      defer { server.stop() }
      let remote = try RemoteAllowlist(configuration: configuration(server))
      let check = await remote.checked("https://example.com")
      guard case .unavailable(.invalidDocument) = check else {
        Issue.record("expected an invalid document, got \(check)")
        continue
      }
    }
  }

  @Test func anInvalidNewListNeverReplacesTheCurrentOne() async throws {
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": "max-age=0, stale-if-error=600"]),
      Self.ok(Data(#"{"version": 1, "allow": ["*.com"]}"#.utf8)))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://anything.com").isAllowed == false)
  }

  @Test func aServedListWithADuplicateNameFailsClosedAndIsNeverCached() async throws {
    let cache = temporaryDirectory()
    let duplicate = Data(#"{"version":1,"allow":["example.com"],"allow":["evil.com"]}"#.utf8)
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": "max-age=0"]), Self.ok(duplicate, ["Cache-Control": "max-age=600"]))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server, cache: cache))
    #expect(await remote.checked("https://example.com").isAllowed)
    let second = await remote.checked("https://evil.com")
    #expect(!second.isAllowed)
    guard case .unavailable(.invalidDocument(let reason)) = second else {
      Issue.record("expected an invalid document, got \(second)")
      return
    }
    #expect(reason.contains(#"duplicate name "allow""#))
    // The next launch reads the last valid list, not the refused one.
    let relaunched = try RemoteAllowlist(
      configuration: configuration(URL(string: "http://127.0.0.1:9/")!, cache: cache))
    #expect(await relaunched.checked("https://evil.com").isAllowed == false)
  }

  @Test func anOversizedBodyIsRefused() async throws {
    let server = try serve(Self.ok(Data(count: 5_000)))
    defer { server.stop() }
    var configuration = configuration(server)
    configuration.byteLimit = 1_000
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://example.com") == .unavailable(.tooLarge(limit: 1_000)))
  }

  @Test func aThousandConcurrentChecksMakeOneRequest() async throws {
    let server = try serve(
      .trickle(
        status: 200, headers: ["Cache-Control": "max-age=60", "Content-Type": "application/json"], body: Self.document,
        pieces: 3, pause: .milliseconds(50))
    )
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    let allowed = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<1_000 {
        group.addTask {
          await remote.checked(index.isMultiple(of: 2) ? "https://example.com" : "https://evil.com").isAllowed
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(allowed == 500)
    #expect(server.requests.count == 1)
  }

  @Test func aCancelledWaitingCheckReturnsAtOnceAndTheFetchGoesOn() async throws {
    let server = try serve(
      .trickle(
        status: 200, headers: ["Cache-Control": "max-age=60", "Content-Type": "application/json"], body: Self.document,
        pieces: 2, pause: .milliseconds(150)
      ))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    let waiting = Task { await remote.checked("https://example.com") }
    let other = Task { await remote.checked("https://example.com") }
    waiting.cancel()
    #expect(try await waiting.value(within: .deadline) == .unavailable(.cancelled))
    #expect(try await other.value(within: .deadline).isAllowed)
    #expect(server.requests.count == 1)
  }

  @Test func theLastValidListIsPersistedAndUsedAtTheNextLaunch() async throws {
    let cache = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let server = try serve(Self.ok(Self.document, ["Cache-Control": "max-age=600"]))
    defer { server.stop() }
    #expect(
      try await RemoteAllowlist(configuration: configuration(server, cache: cache)).checked("https://example.com")
        .isAllowed)
    let nextLaunch = try RemoteAllowlist(configuration: configuration(server, cache: cache))
    #expect(await nextLaunch.checked("https://example.com").isAllowed)
    #expect(server.requests.count == 1)
  }

  @Test func aCorruptOrForeignCacheFileIsIgnoredWithALogLine() async throws {
    let cache = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    let server = try serve(Self.ok())
    defer { server.stop() }
    for garbage in ["{not json", #"{"format": "someone-else", "formatVersion": 1}"#] {
      try Data(garbage.utf8).write(to: cache.appendingPathComponent("allowlist-cache.json"))
      let lines = LogLines()
      var configuration = configuration(server, cache: cache)
      configuration.log = { lines.append($0) }
      let check = try await RemoteAllowlist(configuration: configuration).checked("https://example.com")
      #expect(check.isAllowed, "\(check)")
      #expect(lines.all.contains { $0.contains("ignoring unreadable allowlist cache") })
    }
  }

  @Test func aBaselineListAnswersWhenNothingValidIsAvailable() async throws {
    let refusing = try RefusingLoopbackPort()
    defer { withExtendedLifetime(refusing) {} }
    var configuration = configuration(refusing.url(path: "/allowlist.json"))
    configuration.whenUnavailable = .failClosed(baseline: try Allowlist(allow: ["help.example.com"]))
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://help.example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed == false)
  }

  // Field values are bytes (RFC 9110 §5.5): a comma is a delimiter whatever follows it. Read
  // as Swift characters, a comma followed by a combining mark or a joiner is one character,
  // not a comma, and the `no-store` before it would be lost.
  @Test(arguments: [
    "no-store, max-age=600", "no-store,\u{301}max-age=600", "no-store,\u{200D}max-age=600",
    "no-store,\u{FE0F}max-age=600", "no-store,\u{20E0}max-age=600",
  ])
  func noStoreKeepsNothingSoEveryCheckFetches(cacheControl: String) async throws {
    let cache = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: cache) }
    let server = try serve(Self.ok(Self.document, ["Cache-Control": cacheControl]))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server, cache: cache))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.count == 2)
    #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent("allowlist-cache.json").path))
  }

  @Test func noCacheBeforeACommaThatAMarkFollowsStillRevalidatesEveryUse() async throws {
    let server = try serve(
      Self.ok(Self.document, ["Cache-Control": "max-age=600, no-cache,\u{301}", "ETag": "\"v1\""]),
      .respond(status: 304, headers: [:], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
  }

  @Test func aListWithOnlyLastModifiedIsRevalidatedWithIfModifiedSince() async throws {
    let stamp = "Wed, 21 Oct 2026 07:28:00 GMT"
    let server = try serve(
      Self.ok(Self.document, ["Last-Modified": stamp]), .respond(status: 304, headers: [:], body: Data()))
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server))
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.map { $0.headers["if-modified-since"] } == [nil, stamp])
  }

  @Test func theRetryBudgetStopsRetriesAgainstAServerThatKeepsFailing() async throws {
    let server = try serve(.respond(status: 500, headers: [:], body: Data()))
    defer { server.stop() }
    var configuration = configuration(server)
    configuration.retry.budget = 2
    // The server answers at once; generous timeouts keep a loaded machine from cutting the
    // retries short, which would leave tokens unspent (seen: 3 requests instead of 4).
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    let remote = try RemoteAllowlist(configuration: configuration)
    _ = await remote.checked("https://example.com")  // 1 request + 2 retries: the budget is spent
    _ = await remote.checked("https://example.com")  // no tokens left: 1 request, no retry
    #expect(server.requests.count == 4)
  }

  @Test(arguments: [(1.0, 10), (0.25, 2), (2.5, 25), (0, 0), (-1, 0), (Double.nan, 0), (Double.infinity, 0)])
  func aBudgetIsCountedInWholeTenths(budget: Double, tenths: Int) {
    #expect(RetryBudget.tenths(of: budget) == tenths)
  }

  @Test func retryAfterReadsSecondsAndHTTPDates() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    #expect(AllowlistExchange.retryAfter("5", now: now) == .seconds(5))
    #expect(AllowlistExchange.retryAfter("Mon, 12 Jan 1970 13:46:50 GMT", now: now) == .seconds(10))
    #expect(AllowlistExchange.retryAfter("soon", now: now) == nil)
    #expect(AllowlistExchange.retryAfter("-3", now: now) == nil)
  }

  @Test func backoffIsCappedExponentialWithFullJitter() {
    var policy = RetryPolicy()
    policy.baseDelay = .milliseconds(100)
    policy.maximumDelay = .milliseconds(350)
    #expect(policy.delay(beforeRetry: 1, random: 0.999) < .milliseconds(100))
    #expect(policy.delay(beforeRetry: 2, random: 0.5) == .milliseconds(100))
    #expect(policy.delay(beforeRetry: 10, random: 1) == .milliseconds(350))
    #expect(policy.delay(beforeRetry: 3, random: 0) == .zero)
  }
}

/// Collects log lines from any thread.
final class LogLines: @unchecked Sendable {
  // `@unchecked`: `lines` is only touched under `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
