import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// The remote client's timeouts and waits, on a clock the test moves: exact durations, no
/// real time, and nothing a loaded machine can change.
@Suite struct RemoteAllowlistTimingTests {
  static let document = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)
  static let ok = ScriptedTransport.Step.respond(
    HTTPExchange(status: 200, headers: ["Content-Type": "application/json"], body: document))
  static func status(_ code: Int, _ headers: [String: String] = [:]) -> ScriptedTransport.Step {
    .respond(HTTPExchange(status: code, headers: headers, body: Data()))
  }

  private func remote(
    _ clock: ManualClock, _ transport: ScriptedTransport,
    configure: (inout RemoteAllowlistConfiguration) -> Void = { _ in }
  ) throws -> RemoteAllowlist {
    var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://lists.example.com/allowlist.json")!)
    configuration.requestTimeout = .seconds(10)
    configuration.fetchTimeout = .seconds(30)
    configure(&configuration)
    return try RemoteAllowlist(
      configuration: configuration, transport: transport, now: { Date(timeIntervalSince1970: 1_800_000_000) },
      random: { 0.5 }, clock: clock)
  }

  @Test func aServerThatNeverAnswersTimesOutAtTheFetchTimeoutNotTheRequestTimeout() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [.hang])
    let remote = try remote(clock, transport) {
      $0.requestTimeout = .seconds(10)
      $0.fetchTimeout = .seconds(1)
    }
    let check = Task { await remote.checked("https://example.com") }
    await clock.sleepers(atLeast: 1)
    #expect(clock.requestedSleeps == [.seconds(1)], "the request is given the fetch's remaining second, not 10")
    clock.advance(by: .seconds(1))
    #expect(try await check.value(within: .deadline) == .unavailable(.timedOut))
    #expect(transport.requests.count == 1)
  }

  @Test func aRetryAfterLongerThanTheFetchTimeoutEndsTheFetchWithoutWaiting() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [Self.status(503, ["Retry-After": "30"])])
    let remote = try remote(clock, transport) { $0.fetchTimeout = .seconds(3) }
    // A client that waited anyway would sleep on a clock nobody moves: the deadline fails it.
    let check = Task { await remote.checked("https://example.com") }
    #expect(try await check.value(within: .deadline) == .unavailable(.serverError(status: 503)))
    #expect(clock.requestedSleeps.isEmpty, "no wait: the retry could not happen before the deadline")
    #expect(transport.requests.count == 1)
  }

  @Test func retryAfterIsWaitedExactly() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [Self.status(503, ["Retry-After": "2"]), Self.ok])
    let remote = try remote(clock, transport)
    let check = Task { await remote.checked("https://example.com") }
    await clock.sleepers(atLeast: 1)
    #expect(clock.requestedSleeps == [.seconds(2)])
    #expect(transport.requests.count == 1, "not retried before the wait is over")
    clock.advance(by: .seconds(2))
    #expect(try await check.value(within: .deadline) == .allowed(rule: "example.com"))
    #expect(transport.requests.count == 2)
  }

  @Test func retriesWaitTheBackoffOnTheClock() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [Self.status(502), Self.status(502), Self.ok])
    let remote = try remote(clock, transport) {
      $0.retry.baseDelay = .milliseconds(100)
      $0.retry.maximumDelay = .seconds(5)
    }
    let policy = remote.configuration.retry
    let check = Task { await remote.checked("https://example.com") }
    for (retry, total) in [(1, 1), (2, 2)] {
      await clock.sleepers(atLeast: 1)
      let delay = policy.delay(beforeRetry: retry, random: 0.5)
      #expect(clock.requestedSleeps.count == total)
      #expect(clock.requestedSleeps.last == delay)
      clock.advance(by: delay)
    }
    #expect(try await check.value(within: .deadline) == .allowed(rule: "example.com"))
    #expect(transport.requests.count == 3)
  }

  @Test func aRetryCutShortByTheDeadlineReportsTheFailureThatCausedIt() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [Self.status(503), .hang])
    let remote = try remote(clock, transport) {
      $0.fetchTimeout = .seconds(3)
      $0.retry.baseDelay = .milliseconds(1)
    }
    let check = Task { await remote.checked("https://example.com") }
    await clock.sleepers(atLeast: 1)  // the backoff before the retry
    clock.advance(by: clock.requestedSleeps[0])
    await clock.sleepers(atLeast: 1)  // the retry, hanging until the fetch's deadline
    clock.advance(by: .seconds(3))
    #expect(try await check.value(within: .deadline) == .unavailable(.serverError(status: 503)))
    #expect(transport.requests.count == 2)
  }

  /// What the documentation says: up to 200 ms before the second attempt, up to 400 ms
  /// before the third.
  @Test func theWaitsBeforeRetriesAreAtMost200ThenAt400Milliseconds() {
    let policy = RetryPolicy()
    #expect(policy.maximumAttempts == 3)
    #expect(policy.delay(beforeRetry: 1, random: 0.999_999) < .milliseconds(200))
    #expect(policy.delay(beforeRetry: 1, random: 0.999_999) > .milliseconds(199))
    #expect(policy.delay(beforeRetry: 2, random: 0.999_999) < .milliseconds(400))
    #expect(policy.delay(beforeRetry: 2, random: 0.999_999) > .milliseconds(399))
  }

  /// The budget comes back with time: a device whose retries an outage spent has them again
  /// a minute later, without needing successes first.
  @Test func theRetryBudgetComesBackWithTime() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [Self.status(503)])
    let remote = try remote(clock, transport) {
      $0.retry.budget = 1
      $0.retry.baseDelay = .zero
    }
    _ = await remote.checked("https://example.com")  // 503, one retry (the budget), 503
    #expect(transport.requests.count == 2)
    _ = await remote.checked("https://example.com")  // no token: no retry
    #expect(transport.requests.count == 3)
    clock.advance(by: .seconds(60))
    _ = await remote.checked("https://example.com")  // a minute later: one retry again
    #expect(transport.requests.count == 5)
  }

  @Test func aCancelledCheckStopsWaitingOnTheClock() async throws {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, [.hang])
    let remote = try remote(clock, transport)
    let check = Task { await remote.checked("https://example.com") }
    await clock.sleepers(atLeast: 1)
    check.cancel()
    #expect(try await check.value(within: .deadline) == .unavailable(.cancelled))
  }
}
