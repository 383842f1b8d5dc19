import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

/// A handler that conforms to both handler protocols, counting which method is asked.
@MainActor
private final class BothHandler: TestResponder, URLHandler, AsyncURLHandler {
  let answer: URLHandlingDecision
  var next: (any ResponderChainNode)?
  private(set) var askedAtOnce = 0
  private(set) var awaited = 0

  init(answer: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.answer = answer
    self.next = next
    super.init(name: "both")
  }

  override var nextNode: (any ResponderChainNode)? { next }

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    askedAtOnce += 1
    return answer
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    awaited += 1
    return .discarded(reason: "the asynchronous method answered")
  }
}

/// The rule for a type that conforms to both `URLHandler` and `AsyncURLHandler`: it is a
/// `URLHandler` to the walk. `handleURL` is asked, `decideURL` never is, wherever the node
/// sits (first, after an awaited handler, or after another of its kind).
@MainActor
@Suite(.timeLimit(.minutes(1))) struct BothHandlerProtocolsTests {
  private let url = URL(string: "https://docs.example.com/a")!

  @Test(arguments: [URLHandlingDecision.handled, .notHandled, .discarded(reason: "mine"), .systemAction])
  func onlyTheSynchronousMethodIsAsked(answer: URLHandlingDecision) async {
    let application = TestApplication()
    let both = BothHandler(answer: answer, next: application)
    let result = await both.propagateURL(url)
    #expect(both.askedAtOnce == 1)
    #expect(both.awaited == 0)
    #expect(result.trace.first?.decision == answer)
  }

  @Test func theRuleHoldsAfterAnAwaitedHandlerAndAfterAnotherOfItsKind() async {
    let top = BothHandler(answer: .handled)
    let middle = BothHandler(answer: .notHandled, next: top)
    let awaited = RecordingURLHandler(name: "awaited", next: middle, answering: .notHandled)
    let result = await awaited.propagateURL(url)
    #expect(result.outcome == .handled)
    #expect(awaited.receivedURLs == [url])
    #expect(middle.askedAtOnce == 1 && top.askedAtOnce == 1)
    #expect(middle.awaited == 0 && top.awaited == 0)
  }
}
