/// The retry budget of one remote allowlist: a token bucket shared by all its fetches.
///
/// Each retry spends a whole token; each successful fetch earns back a tenth, up to the
/// configured budget. A server that keeps failing therefore gets at most `budget` retries
/// until it has answered ten times, however many links wait. Tokens are counted in whole
/// tenths, so the arithmetic is exact.
struct RetryBudget: Sendable, Equatable {
  /// The most tenths the bucket holds: the configured budget.
  let capacity: Int
  /// The tenths available now.
  private(set) var tenths: Int

  /// A full bucket of `tokens` (rounded down to a tenth; none for a negative or non-finite value).
  init(tokens: Double) {
    capacity = Self.tenths(of: tokens)
    tenths = capacity
  }

  /// Spends one token for a retry.
  ///
  /// - Returns: Whether a whole token was there to spend; when not, nothing is spent.
  mutating func spendForRetry() -> Bool {
    guard tenths >= 10 else { return false }
    tenths -= 10
    return true
  }

  /// Earns back a tenth of a token for a successful fetch, never more than the capacity.
  mutating func earnForSuccess() {
    tenths = min(capacity, tenths + 1)
  }

  /// `budget` in whole tenths of a token.
  static func tenths(of budget: Double) -> Int {
    guard budget.isFinite, budget > 0 else { return 0 }
    return Int(min(budget * 10, Double(Int32.max)).rounded(.down))
  }
}
