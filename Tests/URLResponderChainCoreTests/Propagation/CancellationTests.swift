import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@MainActor
@Suite struct CancellationTests {
  @Test func cancellingTheCallersTaskCancelsTheHandlerAndReturnsCancelled() async throws {
    let handler = DeferringHandler(.handled)
    let above = ImmediateHandler(.handled)
    handler.next = above
    let task = Task { await handler.propagateURL(exampleURL) }
    await handler.entered.opened()
    task.cancel()
    let result = try await task.value(within: .deadline)
    #expect(result.outcome == .cancelled)
    #expect(result.decidingStep?.refers(to: handler) == true)
    await handler.returned.opened()
    #expect(handler.sawCancellation)
    #expect(above.calls == 0)
  }

  @Test func cancellingReturnsEvenWhenTheHandlerIgnoresIt() async throws {
    let stubborn = StubbornHandler()
    let task = Task { await stubborn.propagateURL(exampleURL) }
    await stubborn.entered.opened()
    task.cancel()
    let result = try await task.value(within: .deadline)
    #expect(result.outcome == .cancelled)
    stubborn.answerLate()
  }

  @Test func anAlreadyCancelledTaskAsksNoHandler() async throws {
    let handler = ImmediateHandler(.handled)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await handler.propagateURL(exampleURL)
    }
    let result = try await task.value(within: .deadline)
    #expect(result.outcome == .cancelled)
    #expect(handler.calls == 0)
  }

  @Test func cancelOnTheHandleCompletesOnceWithCancelled() async {
    let handler = DeferringHandler(.handled)
    let recorder = CompletionRecorder()
    let propagation = handler.propagateURL(exampleURL, completion: recorder.completion)
    await handler.entered.opened()
    #expect(!propagation.isFinished)
    propagation.cancel()
    propagation.cancel()
    let result = await recorder.firstResult()
    #expect(result.outcome == .cancelled)
    #expect(propagation.isFinished)
    await handler.returned.opened()
    #expect(handler.sawCancellation)
    #expect(recorder.results.count == 1)
  }

  @Test func cancelAfterTheCompletionRanDoesNothing() async {
    let recorder = CompletionRecorder()
    let propagation = ImmediateHandler(.handled).propagateURL(exampleURL, completion: recorder.completion)
    propagation.cancel()
    #expect(recorder.results.map(\.outcome) == [.handled])
  }
}
