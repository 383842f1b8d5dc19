import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// A handler that, every time it is asked, sends a link again from the walk's origin and
/// answers with what that walk gave: the link itself (a fixed point of its clean-up), or a
/// fresh one each time.
private final class ForeverResendingHandler: Linked, AsyncURLHandler {
  weak var origin: (any ResponderChainNode)?
  let freshEachTime: Bool
  private(set) var calls = 0

  init(freshEachTime: Bool) {
    self.freshEachTime = freshEachTime
    super.init()
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    guard let origin else { return .handled }
    let next = freshEachTime ? url.appending(queryItems: [URLQueryItem(name: "n", value: "\(calls)")]) : url
    switch await origin.propagateURL(next, options: .untimed()).outcome {
    case .discarded(let reason): return .discarded(reason: reason)
    default: return .handled
    }
  }
}

/// The same, answering at once: it sends a fresh link with a completion, from inside its answer.
private final class SynchronousResendingHandler: Linked, URLHandler {
  weak var origin: (any ResponderChainNode)?
  private(set) var calls = 0

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    calls += 1
    origin?.propagateURL(url.appending(queryItems: [URLQueryItem(name: "n", value: "\(calls)")]), options: .untimed())
    return .handled
  }
}

/// A handler that keeps sending links from inside its walk ends after a bounded number of
/// nested walks, with a reason: before, every nested walk started on the same stack
/// (`Task.immediate`) and the process died of a stack overflow within a second.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ResendingForeverTests {
  @Test(arguments: [false, true])
  func aHandlerThatResendsForeverEndsDiscardedAfterTheNestingLimit(freshEachTime: Bool) async {
    let handler = ForeverResendingHandler(freshEachTime: freshEachTime)
    let origin = Node(next: handler)
    handler.origin = origin
    let result = await origin.propagateURL(exampleURL, options: .untimed())
    guard case .discarded(let reason) = result.outcome else {
      Issue.record("\(result.outcome)")
      return
    }
    #expect(reason == "16 walks deep")
    #expect(handler.calls == 16, "one call per walk up to the limit")
  }

  @Test func aSynchronousHandlerThatResendsFromItsAnswerStopsAtTheNestingLimit() {
    let handler = SynchronousResendingHandler()
    let origin = Node(next: handler)
    handler.origin = origin
    var outcome: URLPropagationResult.Outcome?
    origin.propagateURL(exampleURL, options: .untimed()) { outcome = $0.outcome }
    #expect(outcome == .handled)
    #expect(handler.calls == 16)
  }

  /// Once the nested walks have ended, the next tap is not counted against them.
  @Test func theLimitCountsOnlyWalksThatEncloseTheNewOne() async {
    let handler = ForeverResendingHandler(freshEachTime: false)
    let origin = Node(next: handler)
    handler.origin = origin
    _ = await origin.propagateURL(exampleURL, options: .untimed())
    let plain = Node(next: ImmediateHandler(.handled))
    #expect(await plain.propagateURL(exampleURL, options: .untimed()).outcome == .handled)
  }
}
