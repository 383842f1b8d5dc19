import Testing

@testable import URLResponderChainInboundLinks

/// A scene's wait for a transition ends at its completion, at once when it will never
/// complete, and at the limit when the completion never comes.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct CompletionWaitTests {
  @Test func theWaitEndsWhenTheCompletionIsCalled() async {
    let held = HeldCompletion()
    let clock = ContinuousClock()
    let started = clock.now
    let wait = Task {
      await waitForCompletion(atMost: .seconds(30)) { done in
        held.completion = done
        return true
      }
    }
    while held.completion == nil { await Task.yield() }
    held.completion?()
    held.completion?()  // a second call changes nothing
    await wait.value
    #expect(clock.now - started < .seconds(30))
  }

  @Test func theWaitEndsAtOnceWhenNoCompletionWillCome() async {
    let clock = ContinuousClock()
    let started = clock.now
    await waitForCompletion(atMost: .seconds(30)) { _ in false }
    #expect(clock.now - started < .seconds(30))
  }

  @Test func theWaitEndsAtTheLimitWhenTheCompletionNeverComes() async {
    let clock = ContinuousClock()
    let started = clock.now
    await waitForCompletion(atMost: .milliseconds(50)) { _ in true }
    #expect(clock.now - started >= .milliseconds(50))
  }
}

/// The completion a wait handed out, for the test to call.
@MainActor
private final class HeldCompletion {
  var completion: (@MainActor () -> Void)?
}
