import Foundation
import TestSupport
import Testing
import URLResponderChainCore

extension TimeSensitiveTests {
  @MainActor
  @Suite struct RealTimeHandlerTimeoutTests {
    @Test func aHandlerThatNeverAnswersIsGivenUpAndNamed() async throws {
      let stubborn = StubbornHandler()
      let origin = Node(next: stubborn)
      let result = try await origin.propagateURL(
        exampleURL, options: .init(handlerTimeout: .milliseconds(50)), within: .deadline)
      #expect(result.outcome == .timedOut)
      #expect(result.decidingStep?.refers(to: stubborn) == true)
      #expect(result.decidingStep?.decision == nil)
      #expect(result.trace.count == 2)
      #expect(result.decidingStep.map { $0.duration >= .milliseconds(50) } == true)
    }

    @Test func aTimedOutHandlersTaskIsCancelled() async throws {
      let handler = DeferringHandler(.handled)
      let result = try await handler.propagateURL(
        exampleURL, options: .init(handlerTimeout: .milliseconds(20)), within: .deadline)
      #expect(result.outcome == .timedOut)
      await handler.release.opened()
      #expect(handler.release.isOpen)
    }

    @Test func aLateAnswerAfterTheTimeoutIsIgnoredAndTheCompletionRunsOnce() async {
      let stubborn = StubbornHandler()
      let above = ImmediateHandler(.handled)
      stubborn.next = above
      let recorder = CompletionRecorder()
      stubborn.propagateURL(
        exampleURL, options: .init(handlerTimeout: .milliseconds(20)), completion: recorder.completion)
      let result = await recorder.firstResult()
      #expect(result.outcome == .timedOut)
      stubborn.answerLate()
      await stubborn.answeredLate.opened()
      #expect(stubborn.answered == 1)
      #expect(above.calls == 0)
      #expect(recorder.results.count == 1)
    }

    @Test func handlersThatAnswerWithoutSuspendingAreNeverTimedOut() async {
      let handler = ImmediateHandler(.handled)
      let result = await Node(next: handler).propagateURL(exampleURL, options: .init(handlerTimeout: .zero))
      #expect(result.outcome == .handled)
    }

    @Test func aNegativeTimeoutCountsAsZero() async throws {
      let handler = DeferringHandler(.handled)
      let result = try await handler.propagateURL(
        exampleURL, options: .init(handlerTimeout: .seconds(-5)), within: .deadline)
      #expect(result.outcome == .timedOut)
    }

    @Test func anEnormousTimeoutNeitherOverflowsNorGivesUpEarly() async {
      let handler = DeferringHandler(.handled)
      let recorder = CompletionRecorder()
      handler.propagateURL(
        exampleURL, options: .init(handlerTimeout: .seconds(Int64.max)), completion: recorder.completion)
      await handler.entered.opened()
      handler.release.open()
      #expect(await recorder.firstResult().outcome == .handled)
    }

    @Test func theDefaultTimeoutIsThirtySecondsAndJoiningIsOn() {
      let options = URLPropagationOptions()
      #expect(options.handlerTimeout == .seconds(30))
      #expect(options.joinsIdenticalPropagations)
    }
  }
}
