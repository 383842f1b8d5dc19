import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@MainActor
@Suite struct CompletionTests {
  @Test func theCompletionRunsOnceOnTheMainActorWhenNoHandlerSuspends() async {
    let recorder = CompletionRecorder()
    ImmediateHandler(.handled).propagateURL(exampleURL, completion: recorder.completion)
    let result = await recorder.firstResult()
    #expect(result.outcome == .handled)
    #expect(recorder.results.count == 1)
    #expect(recorder.ranOnMainQueue == [true])
  }

  @Test func theCompletionRunsOnceOnTheMainActorAfterADeferral() async {
    let handler = DeferringHandler(.discarded(reason: "no"))
    let recorder = CompletionRecorder()
    handler.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await handler.entered.opened()
    #expect(recorder.results.isEmpty)
    handler.release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .discarded(reason: "no"))
    // Past the job that called the handler, and past a later walk's completion on the main
    // actor: a second completion queued by the first walk would have arrived by then.
    await handler.returned.opened()
    let laterHandler = DeferringHandler(.handled)
    laterHandler.release.open()
    let later = CompletionRecorder()
    Node(next: laterHandler).propagateURL(exampleURL, options: .untimed(), completion: later.completion)
    _ = await later.firstResult()
    #expect(recorder.results.count == 1)
    #expect(recorder.ranOnMainQueue == [true])
  }

  @Test func theCompletionRunsOnceWhenTheChainEnds() async {
    let recorder = CompletionRecorder()
    Node(next: Node()).propagateURL(exampleURL, completion: recorder.completion)
    let result = await recorder.firstResult()
    #expect(result.outcome == .notHandled)
    #expect(recorder.results.count == 1)
  }
}
