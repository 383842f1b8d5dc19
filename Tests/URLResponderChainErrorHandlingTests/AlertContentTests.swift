import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling

@MainActor
@Suite struct AlertContentTests {
  @Test func anAlertableErrorShowsItsTextWithOK() throws {
    let error = URLPropagationError(
      outcome: .discarded(reason: "not on the allowlist"), url: URL(string: "https://x.org")!)
    let content = try #require(AlertContent(for: error))
    #expect(content.title == "Link not opened")
    #expect(content.message == "The link to x.org was blocked: not on the allowlist.")
    #expect(content.buttons == [.dismiss])
  }

  @Test func aRetryableErrorOffersRetryAndCancel() throws {
    struct Offline: RetryableError {
      var message: String { "You are offline." }
      func resolve(_ choice: RecoveryChoice) {}
    }
    let content = try #require(AlertContent(for: Offline()))
    #expect(content.buttons == [.retry, .cancel])
    #expect(content.buttons.map(\.title) == ["Retry", "Cancel"])
  }

  @Test func retryAndCancelChooseTheirRecoveryAndOKChoosesNone() {
    #expect(AlertContent.Button.retry.choice == .retry)
    #expect(AlertContent.Button.cancel.choice == .cancel)
    #expect(AlertContent.Button.dismiss.choice == nil)
  }

  @Test func anErrorThatIsNotAlertableIsNotShown() {
    struct Internal: Error {}
    #expect(AlertContent(for: Internal()) == nil)
  }
}
