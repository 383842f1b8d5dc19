import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// The handler timeout on a clock the test moves: each wait is exactly as long as the test
/// says, and a loaded machine cannot make a handler early or late.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct HandlerTimeoutClockTests {
  /// Answers `decision` once `delay` has passed on `clock`.
  final class ClockHandler: Linked, AsyncURLHandler {
    let clock: ManualClock
    let delay: Duration
    let decision: URLHandlingDecision
    private(set) var calls = 0
    init(_ decision: URLHandlingDecision, after delay: Duration, on clock: ManualClock) {
      self.decision = decision
      self.delay = delay
      self.clock = clock
      super.init()
    }
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      calls += 1
      do {
        try await clock.sleep(for: delay)
      } catch {
        return .notHandled
      }
      return decision
    }
  }

  /// Answers once the test opens its gate, and first moves the clock by `delay`: the
  /// watchdog that move wakes needs the main actor, which this job holds until the walk has
  /// the answer. The answer always reaches the walk before the watchdog does.
  final class ClockMovingHandler: Linked, AsyncURLHandler {
    let clock: ManualClock
    let delay: Duration
    let gate = Gate()
    init(moving clock: ManualClock, by delay: Duration) {
      self.clock = clock
      self.delay = delay
      super.init()
    }
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      await gate.wait()
      clock.advance(by: delay)
      return .notHandled
    }
  }

  let clock = ManualClock()

  func options(timeout: Duration) -> URLPropagationOptions {
    URLPropagationOptions(handlerTimeout: timeout, clock: clock)
  }

  @Test func aHandlerIsGivenUpWhenItsTimeoutPassesOnTheClock() async {
    let stubborn = StubbornHandler()
    let recorder = CompletionRecorder()
    Node(next: stubborn).propagateURL(
      exampleURL, options: options(timeout: .seconds(30)), completion: recorder.completion)
    await clock.sleepers(atLeast: 1)  // the watchdog
    clock.advance(by: .seconds(29))
    #expect(recorder.results.isEmpty, "29 of 30 seconds: still waiting")
    clock.advance(by: .seconds(1))
    let result = await recorder.firstResult()
    #expect(result.outcome == .timedOut)
    #expect(result.decidingStep?.refers(to: stubborn) == true)
    #expect(clock.requestedSleeps.first == .seconds(30))
  }

  @Test func eachHandlerGetsItsOwnTimeout() async {
    // Each takes 0.6 of the timeout: together they exceed it, each alone does not.
    let second = ClockHandler(.handled, after: .seconds(6), on: clock)
    let first = ClockHandler(.notHandled, after: .seconds(6), on: clock)
    first.next = second
    let recorder = CompletionRecorder()
    first.propagateURL(exampleURL, options: options(timeout: .seconds(10)), completion: recorder.completion)
    await clock.sleepers(atLeast: 2)  // the first handler and the watchdog
    clock.advance(by: .seconds(6))
    await clock.sleepers(atLeast: 2)  // the second handler and the watchdog
    clock.advance(by: .seconds(6))
    let result = await recorder.firstResult()
    #expect(result.outcome == .handled)
    #expect(result.decidingStep?.refers(to: second) == true)
    #expect(first.calls == 1 && second.calls == 1)
  }

  @Test func anAnswerAfterTheDeadlineIsLateWhicheverWakesFirst() async {
    // The handler's wake-up and the watchdog's are due at the same advance; the main actor
    // may run either first, and the outcome is the same.
    let late = ClockHandler(.handled, after: .seconds(11), on: clock)
    let above = ImmediateHandler(.handled)
    late.next = above
    let recorder = CompletionRecorder()
    late.propagateURL(exampleURL, options: options(timeout: .seconds(10)), completion: recorder.completion)
    await clock.sleepers(atLeast: 2)
    clock.advance(by: .seconds(11))
    let result = await recorder.firstResult()
    #expect(result.outcome == .timedOut)
    #expect(above.calls == 0, "nobody up the chain is asked after a timeout")
  }

  /// The case the test above leaves to chance: the answer comes past the deadline, before
  /// the watchdog has run. It is late all the same, and nobody further up is asked.
  @Test func anAnswerAfterTheDeadlineIsLateBeforeTheWatchdogRuns() async {
    let late = ClockMovingHandler(moving: clock, by: .seconds(11))
    let above = ImmediateHandler(.handled)
    late.next = above
    let recorder = CompletionRecorder()
    late.propagateURL(exampleURL, options: options(timeout: .seconds(10)), completion: recorder.completion)
    await clock.sleepers(atLeast: 1)  // the watchdog, until the deadline
    late.gate.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .timedOut)
    #expect(result.decidingStep?.refers(to: late) == true)
    #expect(above.calls == 0, "nobody up the chain is asked after a timeout")
  }

  /// An answer exactly at the deadline is in time: only a later one is late.
  @Test func anAnswerAtTheDeadlineCounts() async {
    let onTime = ClockMovingHandler(moving: clock, by: .seconds(10))
    let above = ImmediateHandler(.handled)
    onTime.next = above
    let recorder = CompletionRecorder()
    onTime.propagateURL(exampleURL, options: options(timeout: .seconds(10)), completion: recorder.completion)
    await clock.sleepers(atLeast: 1)
    onTime.gate.open()
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(above.calls == 1)
  }

  @Test func anEnormousTimeoutSleepsInBoundedSteps() async {
    let handler = DeferringHandler(.handled)
    let recorder = CompletionRecorder()
    handler.propagateURL(exampleURL, options: options(timeout: .seconds(Int64.max)), completion: recorder.completion)
    await clock.sleepers(atLeast: 1)
    #expect(clock.requestedSleeps == [.seconds(86_400)])
    clock.advance(by: .seconds(86_400))
    await clock.sleepers(atLeast: 1)  // asleep again: a day is not the deadline
    #expect(recorder.results.isEmpty)
    handler.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
  }

  @Test func theClockIsTheContinuousClockByDefaultReadThroughTheTracesOwnTicks() {
    #expect(URLPropagationOptions().clock is ContinuousClock)
    guard case .monotonic = TimeoutClock(ContinuousClock()) else {
      Issue.record("the default clock costs an awaited handler a second clock read")
      return
    }
    guard case .injected = TimeoutClock(clock) else {
      Issue.record("an injected clock must be the one read and slept on")
      return
    }
  }
}
