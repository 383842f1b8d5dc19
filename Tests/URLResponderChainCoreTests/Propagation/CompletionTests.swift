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
    await handler.entered.wait()
    #expect(recorder.results.isEmpty)
    handler.release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .discarded(reason: "no"))
    await Task.yield()
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
