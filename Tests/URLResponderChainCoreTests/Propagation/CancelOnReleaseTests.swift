import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// A handler that answers at once, drops its last owner while it answers, and cancels the
/// walk from its `deinit` (a screen that cancels its pending link when it goes). Its answer
/// ends the walk, which holds it until it finished: the late cancellation finds the walk
/// ended, and the walk ends once, `.handled`. (Found by an outside review.)
@MainActor
@Suite(.timeLimit(.minutes(1))) struct CancelOnReleaseTests {
  final class LeavingHandler: Linked, URLHandler {
    weak var owner: Linked?
    var propagation: URLPropagation?
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
      owner?.next = nil  // the screen goes away as it handles the link
      return .handled
    }
    isolated deinit { propagation?.cancel() }
  }

  @Test func aHandlerFreedByItsOwnAnswerDoesNotEndTheWalkTwice() async {
    let deferring = DeferringHandler(.notHandled)
    let parent = Node()
    deferring.next = parent
    var leaving: LeavingHandler? = LeavingHandler()
    leaving?.owner = parent
    parent.next = leaving
    let recorder = CompletionRecorder()
    let propagation = deferring.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    leaving?.propagation = propagation
    leaving = nil
    await deferring.entered.opened()
    deferring.release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .handled, "the handler answered before it went")
    #expect(recorder.results.count == 1)
  }
}
