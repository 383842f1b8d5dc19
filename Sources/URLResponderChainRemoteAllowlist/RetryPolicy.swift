/// Capped exponential backoff with full jitter, a small attempt limit and a retry budget.
///
/// The delay before retry *n* (from 1) is a random duration between zero and
/// `min(maximumDelay, baseDelay × 2ⁿ⁻¹)`; a `Retry-After` header replaces it (capped by the
/// fetch timeout). The budget is a token bucket shared by every fetch of one
/// ``RemoteAllowlist``: each retry spends a token, each success earns back a tenth, so a
/// server that keeps failing is not hammered.
package struct RetryPolicy: Sendable {
  /// The most requests one fetch makes, the first included.
  package var maximumAttempts = 3
  /// The first backoff cap.
  package var baseDelay: Duration = .milliseconds(200)
  /// The largest backoff cap.
  package var maximumDelay: Duration = .seconds(5)
  /// The retry tokens available at start and at most.
  package var budget = 10.0

  /// Creates the default policy: 3 attempts, 200 ms doubling to 5 s, 10 retry tokens.
  package init() {}

  /// The delay before retry `retry` (1 for the first retry), with `random` in `0..<1`.
  func delay(beforeRetry retry: Int, random: Double) -> Duration {
    let exponent = min(max(retry - 1, 0), 30)
    let cap = min(maximumDelay, baseDelay * (1 << exponent))
    return cap * random
  }
}
