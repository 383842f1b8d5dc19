import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// A handler that is awaited: an ``AsyncURLHandler``, suspending once when asked to.
final class AwaitedHandler: Linked, AsyncURLHandler {
  let decision: URLHandlingDecision
  var suspends = false
  private(set) var calls = 0
  private(set) var seen: [(url: URL, hop: Int)] = []

  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    seen.append((url, context.hop))
    if suspends { await Task.yield() }
    return decision
  }
}

/// ``URLHandler`` answers at once and ``AsyncURLHandler`` is awaited, in one walk, with every
/// guarantee holding on both paths.
@MainActor
@Suite struct SynchronousHandlerTests {
  @Test func anAnswerAtOnceIsTheHandlersDecisionAndNobodyAfterIsAsked() async {
    let app = ImmediateHandler(.handled)
    let handler = AtOnceHandler(.discarded(reason: "blocked"), next: app)
    let result = await Node(next: handler).propagateURL(exampleURL)
    #expect(result.outcome == .discarded(reason: "blocked"))
    #expect(result.decidingStep?.refers(to: handler) == true)
    #expect((handler.calls, app.calls) == (1, 0))
  }

  @Test func anAsyncHandlerIsAwaitedOnce() async {
    let handler = AwaitedHandler(.handled)
    handler.suspends = true
    let result = await handler.propagateURL(exampleURL, options: .untimed())
    #expect(result.outcome == .handled)
    #expect(result.trace.count == 1)
    #expect(handler.calls == 1)
  }

  @Test func aChainThatAnswersAtOnceCompletesBeforeTheCallReturnsEvenWithoutTaskImmediate() {
    // The path iOS 16–25 take: no `Task.immediate`. The synchronous part needs no task at all.
    var options = URLPropagationOptions()
    options.startsImmediatelyWhereAvailable = false
    let recorder = CompletionRecorder()
    let handler = AtOnceHandler(.handled)
    let propagation = Node(next: AtOnceHandler(.notHandled, next: handler))
      .propagateURL(exampleURL, options: options, completion: recorder.completion)
    #expect(recorder.results.map(\.outcome) == [.handled])
    #expect(recorder.ranOnMainQueue == [true])
    #expect(propagation.isFinished)
    propagation.cancel()
    #expect(recorder.results.count == 1)
  }

  @Test func aRewriteAtOnceReachesTheNextHandlerWithItsHop() async throws {
    let rewritten = try #require(URL(string: "https://example.org/b"))
    let last = AwaitedHandler(.handled)
    let first = AtOnceHandler(.rewrite(rewritten), next: Node(next: last))
    let result = await Node(next: first).propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.url == rewritten)
    #expect(first.seen.map(\.hop) == [1])
    #expect(last.seen.map(\.url) == [rewritten])
    #expect(last.seen.map(\.hop) == [3])
  }

  @Test func theWalkGoesBackToAnsweringAtOnceAfterAnAwaitedHandler() async {
    let end = AtOnceHandler(.handled)
    let middle = AtOnceHandler(.notHandled, next: end)
    let awaited = AwaitedHandler(.notHandled, next: middle)
    awaited.suspends = true
    let result = await AtOnceHandler(.notHandled, next: awaited).propagateURL(exampleURL, options: .untimed())
    #expect(result.outcome == .handled)
    #expect(result.trace.map(\.decision) == [.notHandled, .notHandled, .notHandled, .handled])
    #expect((middle.calls, end.calls, awaited.calls) == (1, 1, 1))
    #expect(end.seen.map(\.hop) == [3])
  }

  @Test func aHandlerAwaitedAfterAnswersAtOnceIsStillTimedOut() async throws {
    let stubborn = StubbornHandler()
    let result = try await AtOnceHandler(.notHandled, next: stubborn)
      .propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(50)), within: .deadline)
    #expect(result.outcome == .timedOut)
    #expect(result.decidingStep?.refers(to: stubborn) == true)
    #expect(result.trace.count == 2)
    stubborn.answerLate()
  }

  /// A propagation made from inside a walk never joins it (`ResendFromTaskTests`): it is a
  /// walk of its own, which asks the handler again.
  @Test func anIdenticalPropagationStartedFromAHandlerThatAnswersAtOnceIsAWalkOfItsOwn() async {
    let origin = Node()
    let inner = CompletionRecorder()
    let handler = AtOnceHandler(.notHandled)
    handler.answer = { url, context in
      if handler.calls == 1 { origin.propagateURL(url, completion: inner.completion) }
      return .handled
    }
    origin.next = handler
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(inner.results.map(\.outcome) == [.handled])
    #expect(handler.calls == 2)
  }

  @Test func cancellingAPropagationAHandlerStartedLeavesTheCallersResult() async {
    let origin = Node()
    let inner = CompletionRecorder()
    let slow = DeferringHandler(.handled)
    let handler = AtOnceHandler(.notHandled)
    handler.answer = { url, _ in
      // The inner walk waits at `slow` (below this handler the second time), and is cancelled.
      if handler.calls == 1 { origin.propagateURL(url, completion: inner.completion).cancel() }
      return handler.calls == 1 ? .handled : .notHandled
    }
    handler.next = slow
    origin.next = handler
    // Untimed: past the handler the walk waits at `slow` until its cancelled twin opens it,
    // which a loaded machine may take longer than a timeout to get to.
    let result = await origin.propagateURL(exampleURL, options: .untimed())
    #expect(result.outcome == .handled)
    #expect(await inner.firstResult().outcome == .cancelled)
    #expect(inner.results.count == 1)
  }

  @Test func aWalkThatFinishedAtOnceHoldsNoNode() async {
    weak var weakHandler: AtOnceHandler?
    weak var weakOrigin: Node?
    var result: URLPropagationResult?
    do {
      let handler = AtOnceHandler(.handled)
      let origin = Node(next: handler)
      weakHandler = handler
      weakOrigin = origin
      result = await origin.propagateURL(exampleURL)
    }
    #expect(result?.outcome == .handled)
    #expect(weakHandler == nil)
    #expect(weakOrigin == nil)
  }

  @Test func aLoopingChainOfImmediateAnswersVisitsEachNodeOnce() async {
    let second = AtOnceHandler(.notHandled)
    let first = AtOnceHandler(.notHandled, next: Node(next: second))
    second.next = first
    let result = await first.propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(result.trace.count == 3)
    #expect((first.calls, second.calls) == (1, 1))
    second.next = nil
  }

  @Test func aCancelledCallerGetsCancelledWithoutAskingAnyone() async throws {
    let handler = AtOnceHandler(.handled)
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return await handler.propagateURL(exampleURL)
    }
    #expect(try await task.value(within: .deadline).outcome == .cancelled)
    #expect(handler.calls == 0)
  }
}
