import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// RFC 9111 freshness rules, each against the loopback server through real URLSession, with
/// the allowlist's clock under the test's control so ages and dates are exact.
@Suite(.timeLimit(.minutes(3))) struct RemoteAllowlistFreshnessTests {
  static let document = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)

  /// A clock the test moves; starts at a fixed date.
  final class TestClock: Sendable {
    private let current = LockedValue(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 += seconds } }
  }

  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  /// Serves the document with `headers` (computed per request from the clock), counts requests.
  private func remote(
    clock: TestClock, _ headers: @escaping @Sendable (Date) -> [String: String]
  ) throws -> (RemoteAllowlist, LoopbackHTTPServer) {
    let server = try LoopbackHTTPServer { _ in .ok(body: Self.document, headers: headers(clock.now)) }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    // The request count is what these tests assert: a generous timeout keeps a loaded machine
    // from adding a retry.
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    let remote = try RemoteAllowlist(
      configuration: configuration, transport: URLSessionAllowlistTransport(), now: { clock.now }, random: { 0 })
    return (remote, server)
  }

  /// Checks twice, `after` seconds apart; returns how many requests reached the server.
  private func requests(after seconds: TimeInterval, _ headers: @escaping @Sendable (Date) -> [String: String])
    async throws -> Int
  {
    let clock = TestClock()
    let (remote, server) = try remote(clock: clock, headers)
    defer { server.stop() }
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
    clock.advance(seconds)
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
    return server.requests.count
  }

  // §4.1: "A stored response with a Vary header field value containing a member "*" always fails to match."
  @Test(arguments: ["*", "Accept, *", " * ", "accept-encoding,*"])
  func aResponseThatVariesOnStarIsNeverReused(vary: String) async throws {
    #expect(try await requests(after: 1) { _ in ["Cache-Control": "max-age=3600", "Vary": vary] } == 2)
  }

  @Test func aResponseThatVariesOnANamedFieldIsReused() async throws {
    #expect(try await requests(after: 1) { _ in ["Cache-Control": "max-age=3600", "Vary": "Accept"] } == 1)
  }

  // §5.1 Age; §4.2.3 corrected_age_value = age_value + response_delay.
  @Test(arguments: [
    "7200",  // older than max-age: stale on arrival
    "7200, 0",  // a list: the first member counts
    "00000000007200",  // every digit counts, however many zeros lead
    "7200;foo=bar",  // invalid: the age is unknown, taken as stale
    "-10",  // invalid, never fresher
    "abc",
  ])
  func anAgeThatIsInvalidOrOlderThanTheLifetimeIsStale(age: String) async throws {
    #expect(try await requests(after: 1) { _ in ["Cache-Control": "max-age=3600", "Age": age] } == 2)
  }

  @Test func aSmallValidAgeLeavesTheRestOfTheLifetime() async throws {
    // Fresh for 3600 − 3000 = 600 s: reused after 500, not after 700.
    #expect(try await requests(after: 500) { _ in ["Cache-Control": "max-age=3600", "Age": "3000"] } == 1)
    #expect(try await requests(after: 700) { _ in ["Cache-Control": "max-age=3600", "Age": "3000"] } == 2)
  }

  // §4.2.3 apparent_age = max(0, response_time − date_value).
  @Test func aResponseWhoseDateIsOldArrivesAlreadyAged() async throws {
    let headers: @Sendable (Date) -> [String: String] = { now in
      ["Cache-Control": "max-age=3600", "Date": Self.httpDate(now - 3000)]
    }
    #expect(try await requests(after: 500, headers) == 1)
    #expect(try await requests(after: 700, headers) == 2)
  }

  @Test func aDateInTheFutureDoesNotMakeAResponseFresher() async throws {
    let headers: @Sendable (Date) -> [String: String] = { now in
      ["Cache-Control": "max-age=60", "Date": Self.httpDate(now + 86_400)]
    }
    #expect(try await requests(after: 61, headers) == 2)
  }

  // §4.2.1: without max-age, the freshness lifetime is Expires − Date.
  @Test func expiresMinusDateIsTheLifetimeWithoutMaxAge() async throws {
    let headers: @Sendable (Date) -> [String: String] = { now in
      ["Date": Self.httpDate(now), "Expires": Self.httpDate(now + 600)]
    }
    #expect(try await requests(after: 500, headers) == 1)
    #expect(try await requests(after: 700, headers) == 2)
  }

  @Test func maxAgeWinsOverExpires() async throws {
    let headers: @Sendable (Date) -> [String: String] = { now in
      ["Cache-Control": "max-age=10", "Date": Self.httpDate(now), "Expires": Self.httpDate(now + 600)]
    }
    #expect(try await requests(after: 20, headers) == 2)
  }

  // §5.3: "A cache recipient MUST interpret invalid date formats, especially the value "0", as representing a time in the past."
  // The lenient forms a DateFormatter reads, each a day after the test clock's start: still
  // no date, so stale (the control below, written exactly, keeps the list fresh).
  @Test(arguments: [
    "0", "garbage", "Thu, 01 Jan 1970 00:00:00 GMT", "-1", "Sat 16 Jan 2027 08:00:00 GMT",
    "Sat,  16 Jan 2027 08:00:00 GMT", "Sat, 16-Jan-2027 08:00:00 GMT", "Sat, 16 Jan 2027 08.00.00 GMT",
    "Sat, 16 Jan 2027 8:00:00 GMT",
  ])
  func anInvalidOrPastExpiresIsAlreadyStale(expires: String) async throws {
    #expect(try await requests(after: 1) { now in ["Date": Self.httpDate(now), "Expires": expires] } == 2)
  }

  @Test func anExactExpiresADayAheadKeepsTheListFresh() async throws {
    #expect(
      try await requests(after: 1) { now in ["Date": Self.httpDate(now), "Expires": "Sat, 16 Jan 2027 08:00:00 GMT"] }
        == 1)
  }

  @Test func theObsoleteDateFormatsAreAccepted() {
    let reference = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == reference)
    #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == reference)
    #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == reference)
    #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT") == nil)
  }

  // §4.2.2 heuristic freshness is not used: a 200 without max-age or Expires is stale at once,
  // even with a Last-Modified long ago.
  @Test func noHeuristicFreshnessEvenWithAnOldLastModified() async throws {
    #expect(
      try await requests(after: 1) { now in ["Last-Modified": Self.httpDate(now - 86_400 * 365)] } == 2)
  }
}

extension RemoteAllowlistFreshnessTests {
  // RFC 5861 §3: within stale-while-revalidate the stale list is served while it is refreshed;
  // the refresh must reach the cache even when the process ends right after the answer.
  @Test func aBackgroundRevalidationReachesTheCacheBeforeTheProcessEnds() async throws {
    let clock = TestClock()
    let newer = Data(#"{"version": 1, "allow": ["newer.example"]}"#.utf8)
    let served = LockedValue(0)
    let server = try LoopbackHTTPServer { _ in
      served.withLock { count in
        count += 1
        return count
      } == 1
        ? .ok(body: Self.document, headers: ["Cache-Control": "max-age=10, stale-while-revalidate=600"])
        : .ok(body: newer, headers: ["Cache-Control": "max-age=600"])
    }
    defer { server.stop() }
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("swr-\(UUID().uuidString)")
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.cacheLocation = .directory(cache)
    // The request count is what these tests assert: a generous timeout keeps a loaded machine
    // from adding a retry.
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    // First "process": fetches, then, once stale, serves the old list and refreshes it.
    let first = try RemoteAllowlist(
      configuration: configuration, transport: URLSessionAllowlistTransport(), now: { clock.now }, random: { 0 })
    #expect(await first.checked("https://example.com") == .allowed(rule: "example.com"))
    clock.advance(20)
    #expect(await first.checked("https://example.com") == .allowed(rule: "example.com"))
    await first.finishPendingFetch()
    // The next "process" starts from the cache folder with the refreshed list, without a request.
    let next = try RemoteAllowlist(
      configuration: configuration, transport: URLSessionAllowlistTransport(), now: { clock.now }, random: { 0 })
    #expect(await next.checked("https://newer.example") == .allowed(rule: "newer.example"))
    #expect(server.requests.count == 2)
  }
}

extension RemoteAllowlistFreshnessTests {
  // §5.2 and §4.2.1, through a real response: repeated max-age with different values is
  // stale; a comma inside a quoted value does not start a directive.
  @Test func conflictingMaxAgesOnTheWireAreStale() async throws {
    #expect(try await requests(after: 1) { _ in ["Cache-Control": "max-age=3600, max-age=1"] } == 2)
  }

  @Test func aQuotedCommaDoesNotSmuggleADirective() async throws {
    #expect(
      try await requests(after: 100) { _ in ["Cache-Control": #"private="x, max-age=1", max-age=3600"#] } == 1)
  }
}

extension RemoteAllowlistFreshnessTests {
  /// The first response carries `first`; every revalidation answers 304 with `revalidation`.
  private func requestsAfterRevalidation(
    first: @escaping @Sendable (Date) -> [String: String], revalidation: @escaping @Sendable (Date) -> [String: String],
    checksAfter seconds: [TimeInterval]
  ) async throws -> Int {
    let clock = TestClock()
    let server = try LoopbackHTTPServer { request in
      request.headers["if-none-match"] == nil
        ? .ok(body: Self.document, headers: first(clock.now).merging(["ETag": #""v1""#]) { $1 })
        : .respond(status: 304, headers: revalidation(clock.now), body: Data())
    }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    let remote = try RemoteAllowlist(
      configuration: configuration, transport: URLSessionAllowlistTransport(), now: { clock.now }, random: { 0 })
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
    for step in seconds {
      clock.advance(step)
      #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
    }
    return server.requests.count
  }

  // §4.3.4: a 304's header fields replace the stored ones; its Expires gives the new lifetime.
  @Test func aNotModifiedWithExpiresRefreshesTheLifetime() async throws {
    let count = try await requestsAfterRevalidation(
      first: { _ in ["Cache-Control": "no-cache"] },
      revalidation: { now in ["Date": Self.httpDate(now), "Expires": Self.httpDate(now + 600)] },
      checksAfter: [1, 1])
    // no-cache stays (the 304 named no Cache-Control), so every use revalidates.
    #expect(count == 3)
    let fresh = try await requestsAfterRevalidation(
      first: { _ in [:] },
      revalidation: { now in ["Date": Self.httpDate(now), "Expires": Self.httpDate(now + 600)] },
      checksAfter: [1, 1])
    #expect(fresh == 2, "the 304's Expires made the list fresh for the third check")
  }

  // §4.3.4: the stored fields a 304 does not name stay; the stored Expires still gives the
  // lifetime after a 304 that names a Cache-Control without max-age and no Expires.
  @Test func aNotModifiedKeepsTheStoredExpiresItDoesNotReplace() async throws {
    let count = try await requestsAfterRevalidation(
      first: { now in ["Date": Self.httpDate(now), "Expires": Self.httpDate(now + 10)] },
      revalidation: { now in ["Cache-Control": "must-revalidate", "Date": Self.httpDate(now)] },
      checksAfter: [20, 5])
    #expect(count == 2, "revalidated once at 20 s, then fresh for the stored 10 s lifetime")
  }

  @Test func aNotModifiedThatVariesOnStarIsNotKept() async throws {
    let count = try await requestsAfterRevalidation(
      first: { _ in [:] }, revalidation: { _ in ["Cache-Control": "max-age=600", "Vary": "*"] },
      checksAfter: [1, 1])
    #expect(count == 3)
  }
}
