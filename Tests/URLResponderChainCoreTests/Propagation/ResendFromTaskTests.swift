import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// A handler that answers at once and, the first time, starts a task that sends its own URL
/// again from the origin; it records what that propagation gave.
private final class ResendingFromTaskHandler: Linked, URLHandler {
  weak var origin: (any ResponderChainNode)?
  private(set) var calls = 0
  private(set) var inner: URLPropagationResult?
  let innerDone = Gate()

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    calls += 1
    guard calls == 1, let origin else { return .notHandled }
    Task {
      inner = await origin.propagateURL(url, options: .untimed())
      innerDone.open()
    }
    return .notHandled
  }
}

/// A propagation started from anything a walk runs (a handler that answers at once, a task
/// it starts) never joins that walk, wherever the handler sits: before the first awaited
/// handler (the walk's synchronous part) or after one (the walk's task).
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ResendFromTaskTests {
  @Test(arguments: [false, true])
  func aTaskAHandlerStartsGetsAWalkOfItsOwn(afterAnAwaitedHandler: Bool) async {
    let app = ImmediateHandler(.handled)
    let handler = ResendingFromTaskHandler(next: app)
    let origin = Node(next: afterAnAwaitedHandler ? ImmediateHandler(.notHandled, next: handler) : handler)
    handler.origin = origin
    let outer = await origin.propagateURL(exampleURL, options: .untimed())
    #expect(outer.outcome == .handled)
    await handler.innerDone.opened()
    // Its own walk asked the handler again (a joined one would not have).
    #expect(handler.calls == 2)
    #expect(handler.inner?.outcome == .handled)
    #expect(app.calls == 2)
  }
}
