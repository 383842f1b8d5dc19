import Foundation
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// A handler that answers in its synchronous pre-check when `immediate` has an answer for
/// the URL, and otherwise when awaited, optionally after suspending once.
final class PreCheckingHandler: Linked, URLHandler {
  var immediate: @MainActor (URL, URLHandlingContext) -> URLHandlingDecision?
  var awaited: URLHandlingDecision
  var suspendsWhenAwaited = false
  private(set) var immediateCalls = 0
  private(set) var awaitedCalls = 0
  private(set) var seen: [(url: URL, hop: Int)] = []

  init(
    immediately decision: URLHandlingDecision?, awaited: URLHandlingDecision = .notHandled,
    next: (any ResponderChainNode)? = nil
  ) {
    self.immediate = { _, _ in decision }
    self.awaited = awaited
    super.init(next: next)
  }

  func immediateDecision(for url: URL, context: URLHandlingContext) -> URLHandlingDecision? {
    immediateCalls += 1
    seen.append((url, context.hop))
    return immediate(url, context)
  }

  func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    awaitedCalls += 1
    if suspendsWhenAwaited { await Task.yield() }
    return awaited
  }
}

/// ``URLHandler/immediateDecision(for:context:)``: the walk asks it first and awaits
/// ``URLHandler/handleURL(_:context:)`` only when it has no answer; every guarantee holds on
/// both paths.
@MainActor
@Suite struct ImmediateDecisionTests {
  @Test func anImmediateAnswerIsTheHandlersDecisionAndHandleURLIsNotCalled() async {
    let app = ImmediateHandler(.handled)
    let handler = PreCheckingHandler(immediately: .discard(reason: "blocked"), awaited: .handled, next: app)
    let result = await Node(next: handler).propagateURL(exampleURL)
    #expect(result.outcome == .discarded(reason: "blocked"))
    #expect(result.decidingStep?.refers(to: handler) == true)
    #expect((handler.immediateCalls, handler.awaitedCalls, app.calls) == (1, 0, 0))
  }

  @Test func withoutAnImmediateAnswerTheHandlerIsAwaitedOnce() async {
    let handler = PreCheckingHandler(immediately: nil, awaited: .handled)
    handler.suspendsWhenAwaited = true
    let result = await handler.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.trace.count == 1)
    #expect((handler.immediateCalls, handler.awaitedCalls) == (1, 1))
  }

  @Test func theDefaultPreCheckHasNoAnswer() {
    let handler = ImmediateHandler(.handled)
    #expect(handler.immediateDecision(for: exampleURL, context: .init(originalURL: exampleURL, origin: handler)) == nil)
  }

  @Test func aChainThatAnswersAtOnceCompletesBeforeTheCallReturnsEvenWithoutTaskImmediate() {
    // The path iOS 16–25 take: no `Task.immediate`. The synchronous part needs no task at all.
    var options = URLPropagationOptions()
    options.startsImmediatelyWhereAvailable = false
    let recorder = CompletionRecorder()
    let handler = PreCheckingHandler(immediately: .handled)
    let propagation = Node(next: PreCheckingHandler(immediately: .notHandled, next: handler))
      .propagateURL(exampleURL, options: options, completion: recorder.completion)
    #expect(recorder.results.map(\.outcome) == [.handled])
    #expect(recorder.ranOnMainQueue == [true])
    #expect(propagation.isFinished)
    propagation.cancel()
    #expect(recorder.results.count == 1)
  }

  @Test func aRewriteAtOnceReachesTheNextHandlerWithItsHop() async throws {
    let rewritten = try #require(URL(string: "https://example.org/b"))
    let last = PreCheckingHandler(immediately: nil, awaited: .handled)
    let first = PreCheckingHandler(immediately: .rewrite(rewritten), next: Node(next: last))
    let result = await Node(next: first).propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.url == rewritten)
    #expect(first.seen.map(\.hop) == [1])
    #expect(last.seen.map(\.url) == [rewritten])
    #expect(last.seen.map(\.hop) == [3])
  }

  @Test func theWalkGoesBackToAnsweringAtOnceAfterAnAwaitedHandler() async {
    let end = PreCheckingHandler(immediately: .handled)
    let middle = PreCheckingHandler(immediately: .notHandled, next: end)
    let awaited = PreCheckingHandler(immediately: nil, awaited: .notHandled, next: middle)
    awaited.suspendsWhenAwaited = true
    let result = await PreCheckingHandler(immediately: .notHandled, next: awaited).propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.trace.map(\.decision) == [.notHandled, .notHandled, .notHandled, .handled])
    #expect((middle.awaitedCalls, end.awaitedCalls, awaited.awaitedCalls) == (0, 0, 1))
    #expect(end.seen.map(\.hop) == [3])
  }

  @Test func aHandlerAwaitedAfterImmediateAnswersIsStillTimedOut() async {
    let stubborn = StubbornHandler()
    let result = await PreCheckingHandler(immediately: .notHandled, next: stubborn)
      .propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(50)))
    #expect(result.outcome == .timedOut)
    #expect(result.decidingStep?.refers(to: stubborn) == true)
    #expect(result.trace.count == 2)
    stubborn.answerLate()
  }

  @Test func anIdenticalPropagationStartedFromAPreCheckJoinsIt() async {
    let origin = Node()
    let inner = CompletionRecorder()
    let handler = PreCheckingHandler(immediately: nil)
    handler.immediate = { url, context in
      if handler.immediateCalls == 1 { origin.propagateURL(url, completion: inner.completion) }
      return .handled
    }
    origin.next = handler
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(inner.results.map(\.outcome) == [.handled])
    #expect(handler.immediateCalls == 1)
  }

  @Test func cancellingAJoinedPropagationFromAPreCheckLeavesTheCallersResult() async {
    // The caller that started the walk is one of its waiters from the start, so the
    // joined caller cancelling alone does not end the walk.
    let origin = Node()
    let inner = CompletionRecorder()
    let handler = PreCheckingHandler(immediately: nil)
    handler.immediate = { url, _ in
      origin.propagateURL(url, completion: inner.completion).cancel()
      return .handled
    }
    origin.next = handler
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(inner.results.map(\.outcome) == [.cancelled])
  }

  @Test func aWalkThatFinishedAtOnceHoldsNoNode() async {
    weak var weakHandler: PreCheckingHandler?
    weak var weakOrigin: Node?
    var result: URLPropagationResult?
    do {
      let handler = PreCheckingHandler(immediately: .handled)
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
    let second = PreCheckingHandler(immediately: .notHandled)
    let first = PreCheckingHandler(immediately: .notHandled, next: Node(next: second))
    second.next = first
    let result = await first.propagateURL(exampleURL)
    #expect(result.outcome == .unhandled)
    #expect(result.trace.count == 3)
    #expect((first.immediateCalls, second.immediateCalls) == (1, 1))
    second.next = nil
  }

  @Test func aCancelledCallerGetsCancelledWithoutAskingAnyone() async {
    let handler = PreCheckingHandler(immediately: .handled)
    let task = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return await handler.propagateURL(exampleURL)
    }
    #expect(await task.value.outcome == .cancelled)
    #expect(handler.immediateCalls == 0)
  }
}
