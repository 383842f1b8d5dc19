import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// An outage costs one wait, not every tap's: with a list `stale-if-error` allows, a tap
/// waits at most the patience, and after a failed revalidation the list is served at once
/// while the server is asked again only after a growing, jittered back-off.
@Suite struct RemoteAllowlistOutageTests {
  static let servedOnError = VirtualTime.ok("max-age=60, stale-if-error=86400")

  @Test func aTapWaitsAtMostThePatienceForAServerThatDoesNotAnswer() async throws {
    let time = VirtualTime([Self.servedOnError, .hang])
    let remote = try time.remote { $0.refresh.patience = .seconds(2) }
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(61))

    let waiting = Task { await remote.checked("https://example.com") }
    await time.clock.sleepers(atLeast: 2)  // the request, hanging until its timeout, and the patience
    #expect(time.clock.requestedSleeps.suffix(2).contains(.seconds(2)))
    time.clock.advance(by: .seconds(2))
    #expect(try await waiting.value(within: .deadline) == .allowed(rule: "example.com"))

    // The fetch goes on; the taps after it do not wait for it.
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(time.transport.requests.count == 2)
  }

  @Test func afterAFailedRevalidationTheListIsServedAtOnceAndAskedForAgainAfterTheBackoff() async throws {
    let time = VirtualTime([Self.servedOnError, VirtualTime.status(503), VirtualTime.status(503), Self.servedOnError])
    let remote = try time.remote()
    let requests = { time.transport.requests.count }
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(61))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))  // 503
    #expect(requests() == 2)

    // The first window: 30 s × (0.5 + 0.5 / 2) = 22.5 s. No request, no wait.
    time.clock.advance(by: .seconds(22))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(requests() == 2)
    time.clock.advance(by: .milliseconds(500))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    await remote.finishPendingFetch()  // asked again in the background: 503
    #expect(requests() == 3)

    // The second window is twice as long: 45 s.
    time.clock.advance(by: .seconds(44))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(requests() == 3)
    time.clock.advance(by: .seconds(1))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    await remote.finishPendingFetch()  // the server is back
    #expect(requests() == 4)
    time.clock.advance(by: .seconds(30))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(requests() == 4, "fresh again: the outage is over")
  }

  @Test func theBackoffGrowsToItsCeilingWithJitter() {
    let policy = RefreshPolicy()
    #expect(policy.outageWindow(afterFailures: 1, random: 0) == .seconds(15))
    #expect(policy.outageWindow(afterFailures: 1, random: 0.999_999) < .seconds(30))
    #expect(policy.outageWindow(afterFailures: 3, random: 0) == .seconds(60))
    #expect(policy.outageWindow(afterFailures: 40, random: 0) == .seconds(150))
    #expect(policy.outageWindow(afterFailures: 40, random: 0.999_999) < .seconds(300))
  }

  /// RFC 9110 §10.2.3: the server names when to come back. A `Retry-After` the fetch has no
  /// time for is neither cut short nor forgotten: the next revalidation waits for it.
  @Test func aRetryAfterTheFetchHasNoTimeForDelaysTheNextRevalidation() async throws {
    let time = VirtualTime([Self.servedOnError, VirtualTime.status(503, ["Retry-After": "120"]), Self.servedOnError])
    let remote = try time.remote {
      $0.retry.maximumAttempts = 3
      $0.fetchTimeout = .seconds(30)
    }
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(61))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(
      time.clock.requestedSleeps == [.seconds(2)], "the patience only: no wait for a retry the fetch has no time for")
    time.clock.advance(by: .seconds(119))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(time.transport.requests.count == 2, "not before the server said")
    time.clock.advance(by: .seconds(1))
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    await remote.finishPendingFetch()
    #expect(time.transport.requests.count == 3)
  }

  /// A preview uses what a tap would use right now, never more: not a list a tap would
  /// revalidate first, and the stale list once a tap would be served it at once.
  @Test func aPreviewUsesTheStaleListOnlyWhileATapWouldBeServedIt() async throws {
    let time = VirtualTime([Self.servedOnError, VirtualTime.status(503)])
    let remote = try time.remote()
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(remote.currentAllowlist() != nil)
    time.clock.advance(by: .seconds(61))
    #expect(remote.currentAllowlist() == nil, "a tap would revalidate first")
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))  // 503
    #expect(remote.currentAllowlist()?.verdict(for: "https://example.com") == .allowed(rule: "example.com"))
  }

  @Test func withoutStaleIfErrorATapStillWaitsForTheRevalidation() async throws {
    let time = VirtualTime([VirtualTime.ok("max-age=60"), .hang])
    let remote = try time.remote { $0.fetchTimeout = .seconds(10) }
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(61))
    let waiting = Task { await remote.checked("https://example.com") }
    await time.clock.sleepers(atLeast: 1)
    time.clock.advance(by: .seconds(2))
    time.clock.advance(by: .seconds(8))
    #expect(try await waiting.value(within: .deadline) == .unavailable(.timedOut))
  }
}
