import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainRemoteAllowlist

/// Before the tap: the list refreshes itself when the app becomes active (after a jittered
/// delay) and, while the app stays active, when it goes stale.
@Suite struct RemoteAllowlistRefreshingTests {
  static let fresh = VirtualTime.ok("max-age=60")

  @Test func becomingActiveRefreshesAStaleListAfterAJitteredDelayThenWheneverItGoesStale() async throws {
    let time = VirtualTime([Self.fresh])
    let remote = try time.remote()
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(600))  // the app was away: the list is stale

    await remote.appDidBecomeActive()
    await time.clock.sleepers(atLeast: 1)
    #expect(time.clock.requestedSleeps == [.seconds(15)], "30 s × 0.5: spread, not at once")
    time.clock.advance(by: .seconds(15))
    await time.clock.sleepers(atLeast: 1)  // refreshed; asleep until the new list goes stale
    #expect(time.transport.requests.count == 2)
    #expect(time.clock.requestedSleeps.last == .seconds(60))
    #expect(remote.currentAllowlist() != nil, "a tap finds it fresh")

    time.clock.advance(by: .seconds(60))
    await time.clock.sleepers(atLeast: 1)
    #expect(time.transport.requests.count == 3, "refreshed as it went stale, while the app is active")

    await remote.appWillResignActive()
    time.clock.advance(by: .seconds(600))
    #expect(time.transport.requests.count == 3, "not while the app is away")
  }

  @Test func aListStillFreshIsNotFetchedOnActivation() async throws {
    let time = VirtualTime([Self.fresh])
    let remote = try time.remote()
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(20))
    await remote.appDidBecomeActive()
    await time.clock.sleepers(atLeast: 1)
    time.clock.advance(by: .seconds(15))
    await time.clock.sleepers(atLeast: 1)
    #expect(time.transport.requests.count == 1)
    #expect(time.clock.requestedSleeps.last == .seconds(25), "asleep until it goes stale: 60 − 35")
  }

  /// During an outage the refresh waits for the back-off window, not the list's lifetime: the
  /// server is asked again at the window's end, and no sooner.
  @Test func duringAnOutageTheRefreshWaitsForTheBackoff() async throws {
    let time = VirtualTime([VirtualTime.ok("max-age=60, stale-if-error=86400"), VirtualTime.status(503)])
    let remote = try time.remote()
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(600))
    await remote.appDidBecomeActive()
    await time.clock.sleepers(atLeast: 1)
    time.clock.advance(by: .seconds(15))
    await time.clock.sleepers(atLeast: 1)
    #expect(time.transport.requests.count == 2)
    #expect(time.clock.requestedSleeps.last == .milliseconds(22_500), "the first window, jittered")
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    #expect(time.transport.requests.count == 2)
  }

  @Test func turnedOffTheListFetchesOnlyWhenACheckNeedsIt() async throws {
    let time = VirtualTime([Self.fresh])
    let remote = try time.remote { $0.refreshesWhenActive = false }
    #expect(try await remote.checkedAtOnce("https://example.com") == .allowed(rule: "example.com"))
    time.clock.advance(by: .seconds(600))
    await remote.appDidBecomeActive()
    time.clock.advance(by: .seconds(600))
    #expect(time.transport.requests.count == 1)
    #expect(time.clock.requestedSleeps.isEmpty)
  }

  /// UIKit's and AppKit's apps need no code: the list hears the application's notifications.
  @Test func theApplicationsNotificationStartsTheRefresh() async throws {
    let names = AppActivityNotifications(
      didBecomeActive: Notification.Name("test.didBecomeActive.\(UUID())"),
      willResignActive: Notification.Name("test.willResignActive.\(UUID())"))
    let time = VirtualTime([Self.fresh])
    let remote = try time.remote(activityNotifications: names)
    NotificationCenter.default.post(name: names.didBecomeActive, object: nil)
    await time.clock.sleepers(atLeast: 1)
    time.clock.advance(by: .seconds(15))
    await time.clock.sleepers(atLeast: 1)
    #expect(time.transport.requests.count == 1, "no list yet: fetched on activation")
    withExtendedLifetime(remote) {}
  }

  @Test func theObservationReportsBothNotificationsAndStopsWithItsOwner() {
    let names = AppActivityNotifications(
      didBecomeActive: Notification.Name("test.didBecomeActive.\(UUID())"),
      willResignActive: Notification.Name("test.willResignActive.\(UUID())"))
    let heard = LockedValue<[Bool]>([])
    var observation: AppActivityObservation? = AppActivityObservation()
    observation?.start(names) { active in heard.withLock { $0.append(active) } }
    NotificationCenter.default.post(name: names.didBecomeActive, object: nil)
    NotificationCenter.default.post(name: names.willResignActive, object: nil)
    observation = nil
    NotificationCenter.default.post(name: names.didBecomeActive, object: nil)
    #expect(heard.withLock { $0 } == [true, false])
  }

  /// The refresher holds the list weakly: an app that lets go of its list frees it.
  @Test func aListThatRefreshesIsFreedWithItsLastReference() async throws {
    let time = VirtualTime([Self.fresh])
    var remote: RemoteAllowlist? = try time.remote()
    weak let released = remote
    await remote?.appDidBecomeActive()
    await time.clock.sleepers(atLeast: 1)
    remote = nil
    #expect(released == nil)
  }
}
