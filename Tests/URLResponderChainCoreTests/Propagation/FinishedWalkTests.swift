import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// A handler that cancels the walk it is asked by before it first suspends, then records
/// whether its own work saw the cancellation.
private final class CancellingFirstHandler: Linked, AsyncURLHandler {
  var propagation: URLPropagation?
  private(set) var sawCancellation: Bool?
  let done = Gate()

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    propagation?.cancel()
    // The cancellation arrives on the main actor after this job; the handler's work then
    // suspends, as a network request would, and must find itself cancelled.
    let gate = Gate()
    await withTaskCancellationHandler {
      await gate.wait()
    } onCancel: {
      Task { @MainActor in gate.open() }
    }
    sawCancellation = Task.isCancelled
    done.open()
    return .handled
  }
}

/// Once a walk ends it holds nothing it visited, whoever still holds the walk: the caller's
/// `URLPropagation` handle, or a timed-out handler that ignores its cancellation.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct FinishedWalkTests {
  @Test func aFinishedWalkRemembersNoNodeThoughItsHandleIsKept() async throws {
    let app = ImmediateHandler(.handled)
    let slow = DeferringHandler(.notHandled, next: app)
    var below: Node? = Node(next: slow)
    let origin = Node(next: below)
    let recorder = CompletionRecorder()
    let propagation = origin.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await slow.entered.opened()
    #expect(propagation.walk.rememberedNodeCount >= 2, "the nodes below the waiting handler are remembered")
    slow.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(propagation.walk.rememberedNodeCount == 0, "nothing is remembered once the walk ended")
    weak let freed = below
    origin.next = slow
    below = nil
    #expect(freed == nil)
  }

  @Test func aWalkGivenUpOnAHandlerThatIgnoresCancellationRemembersNothing() async throws {
    let clock = ManualClock()
    let stubborn = StubbornHandler(.handled)
    var below: Node? = Node(next: stubborn)
    let origin = Node(next: below)
    let recorder = CompletionRecorder()
    let propagation = origin.propagateURL(
      exampleURL, options: URLPropagationOptions(handlerTimeout: .seconds(5), clock: clock),
      completion: recorder.completion)
    await stubborn.entered.opened()
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(5))
    #expect(await recorder.firstResult().outcome == .timedOut)
    // The handler's task still runs, and holds the walk; the walk holds nothing it visited.
    #expect(propagation.walk.rememberedNodeCount == 0)
    weak let freed = below
    origin.next = stubborn
    below = nil
    #expect(freed == nil)
    stubborn.answerLate()
    await stubborn.answeredLate.opened()
  }

  /// A cancellation raised before the awaited handler first suspends (where `Task.immediate`
  /// runs it at once, there is no task yet to cancel) still cancels the handler's work.
  @Test func aCancellationBeforeTheHandlersFirstSuspensionCancelsItsWork() async throws {
    let handler = CancellingFirstHandler()
    let origin = Node(next: handler)
    let recorder = CompletionRecorder()
    // The handle exists before the walk starts, as a second caller's or an app's "cancel
    // every pending link" would: the handler cancels its walk while it is first asked.
    let walk = PropagationWalk.joiningOrCreating(url: exampleURL, origin: origin, options: .untimed())
    let token = walk.reserveToken()
    handler.propagation = URLPropagation(walk: walk, token: token)
    walk.attach(.completion(recorder.completion), token: token)
    #expect(await recorder.firstResult().outcome == .cancelled)
    await handler.done.opened()
    #expect(handler.sawCancellation == true, "the handler's work was cancelled")
  }
}
