import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// The test kit's clock moves only when the test moves it, so that a list's time-dependent
/// behaviour is tested, and simulated, on the test's time.
@Suite(.timeLimit(.minutes(1))) struct TestClockTests {
  @Test func sleepersWakeWhenTheClockReachesTheirDeadline() async throws {
    let clock = TestClock()
    let woken = LockedValue<[String]>([])
    var tasks: [Task<Void, Never>] = []
    for (name, seconds) in [("late", 20), ("early", 5), ("on time", 10)] {
      tasks.append(
        Task {
          try? await clock.sleep(for: .seconds(seconds))
          woken.withLock { $0.append("\(name) at \(clock.now.offset)") }
        })
    }
    await clock.sleepers(atLeast: 3)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(5)))
    clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 3, "none is due yet")
    clock.advance(by: .seconds(6))
    for task in tasks.dropFirst() { _ = try await task.value(within: .deadline) }
    #expect(Set(woken.withLock { $0 }) == ["early at 10.0 seconds", "on time at 10.0 seconds"])
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(20)))
    clock.advance(by: .seconds(10))
    _ = try await tasks[0].value(within: .deadline)
    #expect(clock.nextDeadline == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aCancelledSleeperThrowsAndLeavesTheClock() async throws {
    let clock = TestClock()
    let sleeper = Task { () -> Bool in
      do {
        try await clock.sleep(for: .seconds(60))
        return false
      } catch {
        return error is CancellationError
      }
    }
    await clock.sleepers(atLeast: 1)
    sleeper.cancel()
    #expect(try await sleeper.value(within: .deadline))
    #expect(clock.nextDeadline == nil, "nothing left to wake")
    #expect(clock.sleeperCount == 0)
    clock.advance(by: .seconds(60))
    #expect(clock.now == TestClock.Instant(offset: .seconds(60)))
  }

  /// As an app's test would use it: the list refreshes after the app becomes active on the
  /// test's time, then again when its five minutes of freshness run out.
  @Test func aListOnTheClockRefreshesWhenTheAppBecomesActiveAndWhenItGoesStale() async throws {
    let clock = TestClock()
    let server = AllowlistServerStandIn(
      .document(#"{"version": 1, "allow": ["example.com"]}"#, headers: ["Cache-Control": "max-age=300"]),
      clock: clock, roundTripTime: .milliseconds(200))
    let allowlist = try server.remoteAllowlist(
      RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
    await allowlist.appDidBecomeActive()
    await clock.sleepers(atLeast: 1)
    let refresh = try #require(clock.nextDeadline)
    #expect(refresh.offset <= .seconds(30), "within the activation's spread")
    clock.advance(by: clock.now.duration(to: refresh))
    for _ in 0..<2 {  // there and back
      await clock.sleepers(atLeast: 1)
      clock.advance(by: .milliseconds(100))
    }
    await clock.sleepers(atLeast: 1)  // the refresh when the list goes stale
    #expect(server.requests.count == 1)
    #expect(allowlist.currentAllowlist() != nil)
    let stale = try #require(clock.nextDeadline)
    #expect(refresh.duration(to: stale) > .seconds(299))
    #expect(refresh.duration(to: stale) <= .seconds(301))
    await allowlist.appWillResignActive()
    #expect(clock.nextDeadline == nil, "no refresh while the app is not active")
  }

  /// The list's random waits follow the numbers the test gives: the refresh after the app
  /// becomes active comes at once with 0, halfway through its 30 s spread with 0.5.
  @Test(arguments: [0, 0.5]) func aListsRandomWaitsFollowTheTestsNumbers(random: Double) async throws {
    let clock = TestClock()
    let server = AllowlistServerStandIn(
      .document(#"{"version": 1, "allow": ["example.com"]}"#), clock: clock, roundTripTime: .milliseconds(200))
    let allowlist = try server.remoteAllowlist(
      RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!),
      random: { random })
    await allowlist.appDidBecomeActive()
    await clock.sleepers(atLeast: 1)
    // With 0 the request is already on its way: it reaches the server halfway through the round trip.
    #expect(clock.nextDeadline == TestClock.Instant(offset: random == 0 ? .milliseconds(100) : .seconds(15)))
    await allowlist.appWillResignActive()
  }
}
