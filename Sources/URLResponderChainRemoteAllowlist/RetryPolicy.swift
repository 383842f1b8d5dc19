/// How one fetch retries a failed request: capped exponential backoff with full jitter, a
/// small attempt limit and a retry budget.
///
/// The wait before retry *n* (from 1) is a random duration between zero and
/// `min(maximumDelay, baseDelay × 2ⁿ⁻¹)`: with the defaults, up to 200 ms before the second
/// attempt and up to 400 ms before the third. A `Retry-After` the fetch has time for replaces
/// the wait; one it has not ends the fetch, and the next fetch waits for it
/// (``RefreshPolicy``). The budget is a token bucket shared by every fetch of one
/// ``RemoteAllowlist`` for as long as it lives (a relaunch starts with a full one): each retry
/// spends a token and a token comes back every `budgetRefillInterval`, so a server that keeps
/// failing is not hammered, and the budget is whole again minutes after it recovers.
///
/// ```swift
/// var configuration = RemoteAllowlistConfiguration(endpoint: endpoint)
/// configuration.retry.maximumAttempts = 1  // no retry within a fetch
/// ```
package struct RetryPolicy: Sendable {
  /// The most requests one fetch makes, the first included.
  package var maximumAttempts = 3
  /// The first backoff cap.
  package var baseDelay: Duration = .milliseconds(200)
  /// The largest backoff cap.
  package var maximumDelay: Duration = .seconds(5)
  /// The retry tokens available at start and at most.
  package var budget = 10.0
  /// How long the bucket takes to earn back one token.
  package var budgetRefillInterval: Duration = .seconds(60)

  /// Creates the default policy: 3 attempts, waits of up to 200 ms then 400 ms, 10 retry
  /// tokens earned back at one a minute.
  package init() {}

  /// The delay before retry `retry` (1 for the first retry), with `random` in `0..<1`.
  func delay(beforeRetry retry: Int, random: Double) -> Duration {
    let exponent = min(max(retry - 1, 0), 30)
    let cap = min(maximumDelay, baseDelay * (1 << exponent))
    return cap * random
  }
}
