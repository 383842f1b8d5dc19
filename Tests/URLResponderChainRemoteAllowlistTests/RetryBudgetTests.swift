import TestSupport
import Testing

@testable import URLResponderChainRemoteAllowlist

/// How many of `attempts` retries `budget` pays for at `now`, spending as it goes.
private func retries(_ attempts: Int, from budget: inout RetryBudget, at now: Duration = .zero) -> Int {
  var allowed = 0
  for _ in 0..<attempts where budget.spendForRetry(at: now) { allowed += 1 }
  return allowed
}

/// The token bucket on its own: a retry spends a whole token, and a token comes back every
/// refill interval, never past the budget.
@Suite struct RetryBudgetTests {
  @Test func aFullBucketPaysForAsManyRetriesAsItHasTokens() {
    var budget = RetryBudget(tokens: 3)
    #expect(retries(5, from: &budget) == 3)
    #expect(budget.tenths == 0)
  }

  @Test func aTokenComesBackEveryRefillInterval() {
    var budget = RetryBudget(tokens: 2, refillInterval: .seconds(60))
    #expect(retries(2, from: &budget) == 2)
    #expect(retries(1, from: &budget, at: .seconds(54)) == 0, "nine tenths are not a retry")
    #expect(retries(2, from: &budget, at: .seconds(60)) == 1, "a minute earns one retry")
    #expect(retries(2, from: &budget, at: .seconds(180)) == 2, "two more minutes, two more")
  }

  /// The fleet: a device whose budget an outage emptied had none hours later, when
  /// only successes earned it back. Time alone refills it now.
  @Test func anEmptiedBudgetIsWholeAgainMinutesAfterAnOutage() {
    var budget = RetryBudget(tokens: 10, refillInterval: .seconds(60))
    #expect(retries(20, from: &budget, at: .seconds(1_800)) == 10)
    #expect(retries(20, from: &budget, at: .seconds(1_800 + 600)) == 10)
  }

  @Test func timeSpentFullIsNotSavedUp() {
    var budget = RetryBudget(tokens: 1, refillInterval: .seconds(60))
    #expect(retries(3, from: &budget, at: .seconds(3_600)) == 1, "an hour full buys no more than the budget")
    #expect(retries(1, from: &budget, at: .seconds(3_630)) == 0)
    #expect(retries(1, from: &budget, at: .seconds(3_660)) == 1)
  }

  @Test func aRetryTheBucketCannotPayForTakesNothing() {
    var budget = RetryBudget(tokens: 0.5)
    #expect(retries(1, from: &budget) == 0)
    #expect(budget.tenths == 5)
  }

  @Test(arguments: [(-1.0, 0), (.nan, 0), (.infinity, 0), (0, 0), (0.05, 0), (0.1, 1), (2.55, 25)])
  func aBudgetIsCountedInWholeTenths(tokens: Double, tenths: Int) {
    var budget = RetryBudget(tokens: tokens)
    #expect(budget.capacity == tenths)
    #expect(retries(1, from: &budget) == (tenths >= 10 ? 1 : 0))
  }
}
