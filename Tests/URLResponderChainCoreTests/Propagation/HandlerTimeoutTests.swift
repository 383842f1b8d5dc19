import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// What the handler timeout measures, as `URLPropagationOptions.handlerTimeout` states it:
/// from the call of `decideURL` until the walk has the answer, not the walk's own wait before
/// the call.
@MainActor
@Suite struct HandlerTimeoutTests {
  /// Answers after `milliseconds` off the main actor.
  final class OffMainHandler: Linked, AsyncURLHandler {
    let milliseconds: Int
    init(answersAfter milliseconds: Int) {
      self.milliseconds = milliseconds
      super.init()
    }
    nonisolated func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      try? await Task.sleep(for: .milliseconds(milliseconds))
      return .handled
    }
  }

  @Test func theTimeoutStartsWhenTheHandlerIsCalledNotWhenTheWalkReachesIt() async {
    let clock = ManualClock()
    var options = URLPropagationOptions(handlerTimeout: .seconds(5), clock: clock)
    options.startsImmediatelyWhereAvailable = false  // the walk reaches the handler, then waits for its task
    let recorder = CompletionRecorder()
    Node(next: ImmediateHandler(.handled)).propagateURL(exampleURL, options: options, completion: recorder.completion)
    // The walk is at the handler, waiting for the main actor to call it; time passes.
    clock.advance(by: .seconds(10))
    #expect(await recorder.firstResult().outcome == .handled, "the walk's wait before the call does not count")
  }

  @Test func anAnswerThatArrivesAfterTheDeadlineIsLate() async throws {
    // 5 ms against 1 ms: late whichever of the answer and the watchdog the main actor takes first.
    let handler = OffMainHandler(answersAfter: 5)
    let result = try await Node(next: handler).propagateURL(
      exampleURL, options: .init(handlerTimeout: .milliseconds(1)), within: .deadline)
    #expect(result.outcome == .timedOut)
    #expect(result.trace.last?.nodeID == ObjectIdentifier(handler), "the result names the handler that was late")
  }

  @Test func anAnswerInTimeCounts() async {
    // The deadline is on a clock nobody moves: however long a loaded machine takes to deliver
    // the answer, it is in time.
    let result = await Node(next: OffMainHandler(answersAfter: 1)).propagateURL(
      exampleURL, options: URLPropagationOptions(handlerTimeout: .milliseconds(1), clock: ManualClock()))
    #expect(result.outcome == .handled)
  }
}
