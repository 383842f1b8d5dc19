import Foundation
import URLResponderChainCore

/// Before the tap: the list refreshes itself when the app becomes active and, while it stays
/// active, when the list goes stale, so that a tap finds it fresh instead of waiting for it.
extension RemoteAllowlist {
  /// Tells the list the app became active: a list that is not fresh is refreshed after a random
  /// delay of up to 30 s, and from then on whenever it goes stale, until
  /// ``appWillResignActive()``.
  ///
  /// UIKit and AppKit apps need not call it: the list observes the application's own
  /// notifications. An app without them (a command-line tool, a server, a framework with a
  /// lifecycle of its own) calls it where it becomes active. It does nothing when
  /// ``RemoteAllowlistConfiguration/refreshesWhenActive`` is off.
  ///
  /// ```swift
  /// let list = try RemoteAllowlist(configuration: configuration)
  /// await list.appDidBecomeActive()   // the session starts
  /// await list.appWillResignActive()  // the session ends
  /// ```
  public func appDidBecomeActive() {
    guard configuration.refreshesWhenActive else { return }
    refresher?.cancel()
    // Spread, so that a push that brings every person back at once is no burst at the server.
    let firstWait = configuration.refresh.activationSpread * random()
    refresher = Task { [weak self, clock] in
      var wait = firstWait
      while true {
        do {
          try await clock.sleep(wait)
        } catch {
          return  // the app stopped being active
        }
        guard let self, let next = await self.refreshAndScheduleNext() else { return }
        wait = next
      }
    }
  }

  /// Tells the list the app is no longer active: it stops refreshing on its own until
  /// ``appDidBecomeActive()``. A fetch already running goes on.
  ///
  /// UIKit and AppKit apps need not call it; see ``appDidBecomeActive()``.
  public func appWillResignActive() {
    refresher?.cancel()
    refresher = nil
  }

  /// Refreshes the list if it is not fresh (once the outage's back-off has passed), waits for
  /// the fetch, and says how long until the next refresh is due: when the list goes stale, or
  /// when the back-off ends. `nil` when there is nothing to keep fresh (a list that is stale at
  /// once, or none that may be kept).
  private func refreshAndScheduleNext() async -> Duration? {
    readCacheOnce()
    if let stored, case .fresh = stored.freshness(at: now()) {
      // Fresh: nothing to do before it goes stale.
    } else {
      revalidateInBackground()
      await fetch?.value
    }
    if let outage {
      return max(outage.retryAt - clock.elapsed(), .seconds(1))
    }
    guard let remaining = stored?.remainingFreshness(at: now()), remaining > 0 else { return nil }
    return .milliseconds(Int64((remaining * 1000).rounded(.up)))
  }
}
