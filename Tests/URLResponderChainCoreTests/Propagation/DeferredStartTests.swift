import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// The guarantees again, on the path systems without `Task.immediate` take (iOS 16–25):
/// the walk starts on the next main-actor turn and the watchdog starts at the first handler.
@MainActor
@Suite struct DeferredStartTests {
  /// The deferred start, with a timeout on a clock nobody moves: only the test that is about
  /// the timeout gives one that fires.
  private var options: URLPropagationOptions {
    var options = URLPropagationOptions.untimed()
    options.startsImmediatelyWhereAvailable = false
    return options
  }

  @Test func theCompletionRunsOnceOnTheMainActorAfterTheCallReturns() async {
    let recorder = CompletionRecorder()
    ImmediateHandler(.handled).propagateURL(exampleURL, options: options, completion: recorder.completion)
    #expect(recorder.results.isEmpty)
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(recorder.ranOnMainQueue == [true])
    #expect(recorder.results.count == 1)
  }

  @Test func aHandlerThatNeverAnswersIsGivenUp() async throws {
    let stubborn = StubbornHandler()
    var options = options
    options.handlerTimeout = .milliseconds(50)
    options.clock = ContinuousClock()
    let result = try await Node(next: stubborn).propagateURL(exampleURL, options: options, within: .deadline)
    #expect(result.outcome == .timedOut)
    #expect(result.decidingStep?.refers(to: stubborn) == true)
    stubborn.answerLate()
  }

  @Test func cancellationReachesTheHandler() async throws {
    let handler = DeferringHandler(.handled)
    let task = Task { [options] in await handler.propagateURL(exampleURL, options: options) }
    await handler.entered.opened()
    task.cancel()
    #expect(try await task.value(within: .deadline).outcome == .cancelled)
    await handler.release.opened()
  }

  @Test func anIdenticalTapJoins() async {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let first = CompletionRecorder()
    let second = CompletionRecorder()
    origin.propagateURL(exampleURL, options: options, completion: first.completion)
    origin.propagateURL(exampleURL, options: options, completion: second.completion)
    await handler.entered.opened()
    handler.release.open()
    #expect(await first.firstResult().outcome == .handled)
    #expect(await second.firstResult().outcome == .handled)
    #expect(handler.calls == 1)
  }

  @Test func aLongChainIsWalked() async {
    let nodes = (0..<10_000).map { _ in ImmediateHandler(.notHandled) }
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    let result = await nodes[0].propagateURL(exampleURL, options: options)
    #expect(result.outcome == .notHandled)
    #expect(result.trace.count == 10_000)
  }
}
