import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// Once the caller has its answer (cancelled or timed out), nobody further up the chain is
/// asked, whatever a handler does afterwards: a handler up the chain that answers at once could open the link.
@MainActor
@Suite struct AnsweredCallerTests {
  @Test func aHandlerAnsweringAfterATimeoutAsksNobodyFurther() async throws {
    let next = AtOnceHandler(.handled)
    let late = StubbornHandler(.notHandled, next: next)
    let result = try await Node(next: late).propagateURL(
      exampleURL, options: .init(handlerTimeout: .milliseconds(50)), within: .deadline)
    #expect(result.outcome == .timedOut)
    late.answerLate()
    await late.answeredLate.opened()
    #expect(next.calls == 0)
  }

  @Test func aHandlerAnsweringAfterTheCallerCancelledAsksNobodyFurther() async {
    let next = AtOnceHandler(.handled)
    let late = StubbornHandler(.notHandled, next: next)
    let recorder = CompletionRecorder()
    let propagation = Node(next: late).propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await late.entered.opened()
    propagation.cancel()
    #expect(await recorder.firstResult().outcome == .cancelled)
    late.answerLate()
    await late.answeredLate.opened()
    #expect(next.calls == 0)
    #expect(recorder.results.count == 1)
  }

  @Test func aWalkCancelledFromInsideAHandlerAnsweringAtOnceAsksNobodyFurther() async {
    // The first handler is awaited, so the caller holds its handle by the time the second
    // handler runs, and cancels through it.
    let third = AtOnceHandler(.handled)
    var propagation: URLPropagation?
    let second = AtOnceHandler(.notHandled, next: third)
    second.answer = { _, _ in
      propagation?.cancel()
      return .notHandled
    }
    let first = DeferringHandler(.notHandled, next: second)
    let recorder = CompletionRecorder()
    propagation = Node(next: first).propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await first.entered.opened()
    first.release.open()
    #expect(await recorder.firstResult().outcome == .cancelled)
    #expect(second.calls == 1)
    #expect(third.calls == 0, "nobody after the cancelling handler is asked")
    #expect(recorder.results.count == 1)
  }
}
