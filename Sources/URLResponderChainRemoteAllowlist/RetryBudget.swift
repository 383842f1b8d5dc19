/// The retry budget of one remote allowlist: a token bucket shared by all its fetches.
///
/// Each retry spends a whole token; tokens come back with time, one per refill interval, up
/// to the configured budget. A server that keeps failing therefore gets at most `budget`
/// retries at once and one per interval after that, however many links wait, and a device
/// has its whole budget again a few minutes after an outage. Tokens are counted in whole
/// tenths, so the arithmetic is exact.
struct RetryBudget: Sendable, Equatable {
  /// The most tenths the bucket holds: the configured budget.
  let capacity: Int
  /// How long one tenth of a token takes to come back.
  private let tenthInterval: Duration
  /// The tenths available at `countedAt`.
  private(set) var tenths: Int
  /// When `tenths` was last brought up to date, on the list's clock.
  private var countedAt: Duration

  /// A full bucket of `tokens` (rounded down to a tenth; none for a negative or non-finite
  /// value) that earns back one token every `refillInterval`, counted from `now`.
  init(tokens: Double, refillInterval: Duration = .seconds(60), now: Duration = .zero) {
    capacity = Self.tenths(of: tokens)
    tenths = capacity
    tenthInterval = max(refillInterval / 10, .nanoseconds(1))
    countedAt = now
  }

  /// Spends one token for a retry at `now`, after adding the tenths earned since the last count.
  ///
  /// - Returns: Whether a whole token was there to spend; when not, nothing is spent.
  mutating func spendForRetry(at now: Duration) -> Bool {
    refill(at: now)
    guard tenths >= 10 else { return false }
    tenths -= 10
    return true
  }

  /// Adds the whole tenths earned since the last count, never more than the capacity: time
  /// spent full is not saved up.
  mutating func refill(at now: Duration) {
    guard now > countedAt else { return }
    let earned = Int(min((now - countedAt) / tenthInterval, Double(capacity)))
    if tenths + earned >= capacity {
      tenths = capacity
      countedAt = now
    } else {
      tenths += earned
      countedAt += tenthInterval * earned
    }
  }

  /// `budget` in whole tenths of a token.
  static func tenths(of budget: Double) -> Int {
    guard budget.isFinite, budget > 0 else { return 0 }
    return Int(min(budget * 10, Double(Int32.max)).rounded(.down))
  }
}
