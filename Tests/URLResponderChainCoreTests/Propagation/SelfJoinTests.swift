import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// A handler that sends the URL it is handling again, from the walk's origin: the first time
/// it asks (and waits for) that inner propagation, the second time it answers at once.
private final class ResendingHandler: Linked, AsyncURLHandler {
  weak var origin: (any ResponderChainNode)?
  let fromChildTask: Bool
  let clock = ManualClock()
  private(set) var calls = 0
  private(set) var inner: [URLPropagationResult.Outcome] = []

  init(fromChildTask: Bool) {
    self.fromChildTask = fromChildTask
    super.init()
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    guard calls == 1, let origin else { return .handled }
    // The same clock as the outer walk: a timeout that only a joined walk could wait for.
    let options = URLPropagationOptions(handlerTimeout: .seconds(20), clock: clock)
    let result: URLPropagationResult
    if fromChildTask {
      // A task the handler starts inherits where it runs, and so its walks.
      result = await Task { await origin.propagateURL(url, options: options) }.value
    } else {
      result = await origin.propagateURL(url, options: options)
    }
    inner.append(result.outcome)
    return .discarded(reason: "sent again")
  }
}

/// Joining never makes a walk wait on itself.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SelfJoinTests {
  @Test(arguments: [false, true])
  func aHandlerThatSendsItsOwnURLAgainFromTheOriginGetsAWalkOfItsOwn(fromChildTask: Bool) async {
    let handler = ResendingHandler(fromChildTask: fromChildTask)
    let origin = Node(next: handler)
    handler.origin = origin
    // Joined to itself, the outer walk would wait for a timeout on a clock nobody advances:
    // the suite's time limit would end the test, failed.
    let options = URLPropagationOptions(handlerTimeout: .seconds(20), clock: handler.clock)
    let result = await origin.propagateURL(exampleURL, options: options)
    #expect(result.outcome == .discarded(reason: "sent again"))
    #expect(handler.inner == [.handled])
    #expect(handler.calls == 2)
  }
}
