import Foundation
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// What the handler timeout measures, as `URLPropagationOptions.handlerTimeout` states it:
/// from the call of `handleURL` to its return, the handler's waits for the main actor
/// included, the walk's own wait before the call excluded. The main actor is kept busy with
/// a synchronous block, as a heavy screen would keep it; a loaded machine only lengthens it.
@MainActor
@Suite struct HandlerTimeoutTests {
  /// Keeps the main actor busy for `seconds`, as a synchronous layout or decode would.
  private func occupyMainActor(for seconds: Double) {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end { Thread.sleep(forTimeInterval: 0.01) }
  }

  @Test func theWalksOwnWaitForTheMainActorBeforeTheCallDoesNotCount() async {
    var options = URLPropagationOptions(handlerTimeout: .milliseconds(500))
    options.startsImmediatelyWhereAvailable = false  // the walk's task starts later, on the main actor
    let handler = RecordingURLHandler(name: "quick") { _, _ in
      await Task.yield()
      return .handled
    }
    let origin = Node(next: handler)
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, options: options, completion: recorder.completion)
    occupyMainActor(for: 1.5)  // three timeouts pass before the handler is even called
    #expect(await recorder.firstResult().outcome == .handled)
  }

  @Test func theHandlersWaitForTheMainActorAfterItsAnswerIsReadyCounts() async {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(500)), completion: recorder.completion)
    await handler.entered.wait()
    handler.release.open()  // the answer is ready at once…
    occupyMainActor(for: 1.5)  // …but the handler gets the main actor back only now
    let result = await recorder.firstResult()
    #expect(result.outcome == .timedOut)
    #expect(result.trace.last?.nodeID == ObjectIdentifier(handler), "the result names the handler that was late")
  }

  @Test func aHandlerThatAnswersInTimeIsNotTimedOut() async {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, options: .init(handlerTimeout: .seconds(30)), completion: recorder.completion)
    await handler.entered.wait()
    handler.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
  }
}
