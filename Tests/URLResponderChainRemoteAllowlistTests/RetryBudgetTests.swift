import TestSupport
import Testing

@testable import URLResponderChainRemoteAllowlist

/// How many of `attempts` retries `budget` pays for, spending as it goes.
private func retries(_ attempts: Int, from budget: inout RetryBudget) -> Int {
  var allowed = 0
  for _ in 0..<attempts where budget.spendForRetry() { allowed += 1 }
  return allowed
}

/// The token bucket on its own: a retry spends a whole token, a success earns a tenth.
@Suite struct RetryBudgetTests {
  @Test func aFullBucketPaysForAsManyRetriesAsItHasTokens() {
    var budget = RetryBudget(tokens: 3)
    #expect(retries(5, from: &budget) == 3)
    #expect(budget.tenths == 0)
  }

  @Test func aSuccessEarnsBackOneTenthNotTheWholeBudget() {
    var budget = RetryBudget(tokens: 2)
    #expect(retries(2, from: &budget) == 2)
    budget.earnForSuccess()
    #expect(budget.tenths == 1)
    #expect(retries(1, from: &budget) == 0, "a tenth is not a retry")
    for _ in 1..<10 { budget.earnForSuccess() }
    #expect(budget.tenths == 10)
    #expect(retries(2, from: &budget) == 1, "ten successes earn one retry")
  }

  @Test func earningNeverExceedsTheBudget() {
    var budget = RetryBudget(tokens: 1)
    for _ in 0..<50 { budget.earnForSuccess() }
    #expect(budget.tenths == 10)
    #expect(retries(3, from: &budget) == 1)
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
