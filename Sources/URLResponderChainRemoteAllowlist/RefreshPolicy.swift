/// When a ``RemoteAllowlist`` refreshes on its own, and how long a tap may wait for it.
///
/// - Before the tap: when the app becomes active, a list that is not fresh is refreshed after
///   a random delay of up to `activationSpread` (so that a push that brings every person to
///   the app at once does not reach the server as one burst), and while the app stays active
///   the list is refreshed when it goes stale. A tap that comes first fetches at once, as it
///   always does.
/// - During an outage: a tap that has a list `stale-if-error` allows waits at most `patience`
///   for the revalidation, then gets that list while the fetch goes on. Once a revalidation has
///   failed, such a list is served at once, and the server is asked again in the background
///   only after a back-off window: between half and all of `outageBackoff × 2ⁿ⁻¹` after the
///   *n*th failure in a row, at most `maximumOutageBackoff`, and never before a `Retry-After`.
///
/// ```swift
/// var configuration = RemoteAllowlistConfiguration(endpoint: endpoint)
/// configuration.refresh.patience = .seconds(1)
/// ```
package struct RefreshPolicy: Sendable {
  /// The longest a tap waits for a revalidation when `stale-if-error` allows the list it has.
  package var patience: Duration = .seconds(2)
  /// The back-off window after the first failed revalidation, before its jitter.
  package var outageBackoff: Duration = .seconds(30)
  /// The longest back-off window, however many revalidations failed.
  package var maximumOutageBackoff: Duration = .seconds(300)
  /// The longest random delay before the refresh that follows the app becoming active.
  package var activationSpread: Duration = .seconds(30)

  /// Creates the default policy: a 2 s patience, back-off from 30 s to 5 min, refreshes on
  /// activation spread over 30 s.
  package init() {}

  /// The back-off window after `failures` failed revalidations in a row (1 for the first),
  /// with `random` in `0..<1`: growing, and jittered so that devices that failed together do
  /// not come back together.
  func outageWindow(afterFailures failures: Int, random: Double) -> Duration {
    let exponent = min(max(failures - 1, 0), 30)
    let cap = min(maximumOutageBackoff, outageBackoff * (1 << exponent))
    return cap * (0.5 + random / 2)
  }
}
