import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// A handler that runs `reenter` while it answers, then answers `decision`.
private final class ReenteringHandler: Linked, URLHandler {
  var reenter: @MainActor () -> Void = {}
  let decision: URLHandlingDecision
  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    reenter()
    return decision
  }
}

/// The same, awaited (it never suspends).
private final class AwaitedReenteringHandler: Linked, AsyncURLHandler {
  var reenter: @MainActor () async -> Void = {}
  let decision: URLHandlingDecision
  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await reenter()
    return decision
  }
}

/// A node whose `nextNode` (the app's code, as a `UIResponder`'s `next` is) runs `reenter`
/// each time the walk asks it.
private class ReenteringNode: ResponderChainNode {
  var reenter: @MainActor () -> Void = {}
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  var nextNode: (any ResponderChainNode)? {
    reenter()
    return next
  }
}

/// The same, an awaited handler that passes the link on.
private final class ReenteringAwaitedHandler: ReenteringNode, AsyncURLHandler {
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision { .notHandled }
}

/// Handlers and completions that re-enter the walk while it runs: cancel it, join it,
/// propagate again, change the chain. The walk's state keeps the runtime's exclusivity checks
/// (these tests run in a debug build, where an overlapping access traps), and every outcome
/// is the one the contract names.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ReentrantWalkTests {
  /// A walk that waits at `gate` first, so that the caller holds its handle (walks that
  /// never wait finish inside `propagateURL`) before `handler` runs.
  private func startBehind(
    _ handler: any ResponderChainNode, recorder: CompletionRecorder
  ) async -> URLPropagation {
    let gate = DeferringHandler(.notHandled, next: handler)
    let propagation = Node(next: gate).propagateURL(exampleURL, completion: recorder.completion)
    await gate.entered.opened()
    gate.release.open()
    return propagation
  }

  @Test func aHandlerThatCancelsItsOwnWalkWhileAnsweringEndsItCancelled() async {
    let app = ImmediateHandler(.handled)
    let handler = ReenteringHandler(.notHandled, next: app)
    var propagation: URLPropagation?
    handler.reenter = { propagation?.cancel() }
    let recorder = CompletionRecorder()
    propagation = await startBehind(handler, recorder: recorder)
    let result = await recorder.firstResult()
    #expect(result.outcome == .cancelled)
    #expect(app.calls == 0)
    #expect(recorder.results.count == 1)
    // The trace ends at the handler, unanswered, as at a node whose `nextNode` cancels.
    #expect(result.trace.last?.refers(to: handler) == true)
    #expect(result.trace.last?.decision == nil)
  }

  @Test func anAwaitedHandlerThatCancelsItsOwnWalkEndsItCancelled() async {
    let app = ImmediateHandler(.handled)
    let handler = AwaitedReenteringHandler(.handled, next: app)
    var propagation: URLPropagation?
    handler.reenter = { propagation?.cancel() }
    let recorder = CompletionRecorder()
    propagation = await startBehind(handler, recorder: recorder)
    #expect(await recorder.firstResult().outcome == .cancelled)
    #expect(app.calls == 0)
  }

  /// A propagation made from inside a walk never joins it (`ResendFromTaskTests`): the
  /// handler's own URL, sent again while it answers, gets a walk of its own, which asks it
  /// again.
  @Test func aHandlerThatSendsItsOwnURLWhileAnsweringGetsAWalkOfItsOwn() async {
    let handler = ReenteringHandler(.handled)
    let origin = Node(next: handler)
    let inner = CompletionRecorder()
    var sent = false
    handler.reenter = {
      guard !sent else { return }
      sent = true
      origin.propagateURL(exampleURL, completion: inner.completion)
    }
    let first = await origin.propagateURL(exampleURL)
    #expect(first.outcome == .handled)
    #expect(await inner.firstResult().outcome == .handled)
    #expect(inner.results.count == 1)
  }

  /// A handler that sends its own URL every time it answers ends after the nesting limit.
  @Test func aHandlerThatSendsItsOwnURLEveryTimeEndsAtTheNestingLimit() async {
    let handler = ReenteringHandler(.handled)
    let origin = Node(next: handler)
    let inner = CompletionRecorder()
    handler.reenter = { origin.propagateURL(exampleURL, completion: inner.completion) }
    #expect(await origin.propagateURL(exampleURL).outcome == .handled)
    #expect(inner.results.count == 16)
    #expect(inner.results.filter { if case .discarded = $0.outcome { true } else { false } }.count == 1)
  }

  @Test func aHandlerThatPropagatesAnotherURLWhileAnsweringGetsItsOwnResult() async throws {
    let other = try #require(URL(string: "https://example.com/other"))
    let inner = ImmediateHandler(.handled)
    let handler = ReenteringHandler(.notHandled, next: inner)
    let origin = Node(next: handler)
    let nested = CompletionRecorder()
    var depth = 0
    handler.reenter = {
      depth += 1
      if depth == 1 { origin.propagateURL(other, completion: nested.completion) }
    }
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(await nested.firstResult().outcome == .handled)
    #expect(nested.results[0].url == other)
  }

  @Test func aHandlerThatChangesTheChainWhileAnsweringIsFollowedAsTheChainIsThen() async {
    let before = ImmediateHandler(.discarded(reason: "old chain"))
    let after = ImmediateHandler(.handled)
    let handler = ReenteringHandler(.notHandled, next: before)
    handler.reenter = { handler.next = after }
    let result = await Node(next: handler).propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(before.calls == 0)
  }

  @Test func aCompletionThatPropagatesTheSameURLAgainStartsANewWalk() async {
    let handler = ImmediateHandler(.handled)
    let origin = Node(next: handler)
    let second = CompletionRecorder()
    let first = CompletionRecorder()
    origin.propagateURL(exampleURL) { result in
      first.completion(result)
      origin.propagateURL(exampleURL, completion: second.completion)
    }
    #expect(await first.firstResult().outcome == .handled)
    #expect(await second.firstResult().outcome == .handled)
    #expect(handler.calls == 2)
  }

  @Test func aHandlerThatCancelsTwiceEndsTheWalkOnce() async {
    let handler = ReenteringHandler(.handled)
    var propagation: URLPropagation?
    handler.reenter = {
      propagation?.cancel()
      propagation?.cancel()
    }
    let recorder = CompletionRecorder()
    propagation = await startBehind(handler, recorder: recorder)
    #expect(await recorder.firstResult().outcome == .cancelled)
    #expect(recorder.results.count == 1)
  }

  // A node's `nextNode` is the app's code too, and may cancel the walk that asks it (a
  // `deinit` it runs, say). The walk ends there, once: the handlers above are not asked, and
  // a chain that runs out after it does not end the walk a second time (which trapped).

  /// The one result the caller of a walk gets when `node`'s `nextNode` cancels it.
  private func resultWhenTheNextNodeOf(_ node: ReenteringNode) async -> URLPropagationResult {
    var propagation: URLPropagation?
    node.reenter = { propagation?.cancel() }
    let recorder = CompletionRecorder()
    propagation = await startBehind(node, recorder: recorder)
    let result = await recorder.firstResult()
    #expect(recorder.results.count == 1)
    #expect(result.trace.last?.refers(to: node) == true, "the trace ends at the node that cancelled")
    return result
  }

  @Test func aNodeWhoseNextNodeCancelsTheWalkEndsItBeforeTheHandlersAbove() async {
    let app = AtOnceHandler(.handled)
    #expect(await resultWhenTheNextNodeOf(ReenteringNode(next: Node(next: app))).outcome == .cancelled)
    #expect(app.calls == 0, "a handler is never asked once the walk was cancelled")
  }

  @Test func aNodeWhoseNextNodeCancelsTheWalkBeforeTheChainRunsOutEndsItOnce() async {
    #expect(await resultWhenTheNextNodeOf(ReenteringNode(next: Node(next: Node()))).outcome == .cancelled)
  }

  @Test func anAwaitedHandlersNextNodeThatCancelsTheWalkEndsItOnce() async {
    let app = AtOnceHandler(.handled)
    #expect(await resultWhenTheNextNodeOf(ReenteringAwaitedHandler(next: app)).outcome == .cancelled)
    #expect(app.calls == 0)
  }
}
