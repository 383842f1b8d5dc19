/// The server did not give a list at the last revalidation (it failed, or a tap stopped
/// waiting for it): while this holds, a list `stale-if-error` allows is served at once, and
/// the next revalidation waits for `retryAt`. A revalidation that succeeds ends it.
struct OutageBackoff: Sendable, Equatable {
  /// Failed revalidations in a row; 0 while the first is still running past the patience.
  var failures: Int
  /// When the next revalidation may start, on the list's clock.
  var retryAt: Duration
}
