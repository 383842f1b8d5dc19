import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling

/// A propagation's `error` is what is worth reporting: not a handled link, not a cancelled one.
@MainActor
@Suite struct PropagationErrorTests {
  @Test func aCancelledPropagationHasNoErrorToReport() async {
    let handler = DeferringHandler(.handled)
    let recorder = CompletionRecorder()
    let propagation = Node(next: handler).propagateURL(exampleURL, completion: recorder.completion)
    await handler.entered.opened()
    propagation.cancel()
    let result = await recorder.firstResult()
    #expect(result.outcome == .cancelled)
    #expect(result.error == nil)
  }

  @Test func aDiscardedUnhandledOrTimedOutPropagationHasOne() async throws {
    let discarded = await Node(next: ImmediateHandler(.discarded(reason: "no"))).propagateURL(exampleURL)
    #expect(discarded.error == URLPropagationError(outcome: .discarded(reason: "no"), url: exampleURL))
    #expect(await Node().propagateURL(exampleURL).error?.outcome == .notHandled)
    let timedOut = try await StubbornHandler().propagateURL(
      exampleURL, options: .init(handlerTimeout: .milliseconds(5)), within: .deadline)
    #expect(timedOut.error?.outcome == .timedOut)
    #expect(await Node(next: ImmediateHandler(.handled)).propagateURL(exampleURL).error == nil)
  }

  @Test func aPropagationWithoutACompletionFiresAndForgets() {
    let handler = AtOnceHandler(.handled)
    let origin = Node(next: handler)
    origin.propagateURL(exampleURL)  // no completion, no result to handle
    #expect(handler.calls == 1)
  }
}
