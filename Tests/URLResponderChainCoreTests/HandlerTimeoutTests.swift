import Foundation
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// What the handler timeout measures, as `URLPropagationOptions.handlerTimeout` states it:
/// from the call of `handleURL` until the walk has the answer, not the walk's own wait before
/// the call. Read from the walk's own clock, so no test holds the main actor or waits on time.
@MainActor
@Suite struct HandlerTimeoutTests {
  /// Records when its timeout started and when it was called.
  final class ProbeHandler: Linked, AsyncURLHandler {
    private(set) var observed: (timeoutStartedAt: UInt64, calledAt: UInt64)?
    func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      let calledAt = MonotonicClock.now()
      observed = (context.walk.pendingHandlerStartedAt ?? 0, calledAt)
      return .handled
    }
  }

  /// Answers after `milliseconds` off the main actor.
  final class OffMainHandler: Linked, AsyncURLHandler {
    let milliseconds: Int
    init(answersAfter milliseconds: Int) {
      self.milliseconds = milliseconds
      super.init()
    }
    nonisolated func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      try? await Task.sleep(for: .milliseconds(milliseconds))
      return .handled
    }
  }

  @Test func theTimeoutStartsWhenTheHandlerIsCalledNotWhenTheWalkReachesIt() async throws {
    var options = URLPropagationOptions()
    options.startsImmediatelyWhereAvailable = false  // the walk reaches the handler, then waits for its task
    let handler = ProbeHandler()
    let recorder = CompletionRecorder()
    Node(next: handler).propagateURL(exampleURL, options: options, completion: recorder.completion)
    let reached = MonotonicClock.now()  // the walk is waiting for the main actor to call the handler
    #expect(await recorder.firstResult().outcome == .handled)
    let observed = try #require(handler.observed)
    #expect(observed.timeoutStartedAt > reached, "the walk's wait before the call does not count")
    #expect(observed.timeoutStartedAt <= observed.calledAt)
  }

  @Test func anAnswerThatArrivesAfterTheDeadlineIsLate() async {
    // 5 ms against 1 ms: late whichever of the answer and the watchdog the main actor takes first.
    let handler = OffMainHandler(answersAfter: 5)
    let result = await Node(next: handler).propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(1)))
    #expect(result.outcome == .timedOut)
    #expect(result.trace.last?.nodeID == ObjectIdentifier(handler), "the result names the handler that was late")
  }

  @Test func anAnswerInTimeCounts() async {
    let result = await Node(next: OffMainHandler(answersAfter: 1)).propagateURL(
      exampleURL, options: .init(handlerTimeout: .seconds(30)))
    #expect(result.outcome == .handled)
  }
}
