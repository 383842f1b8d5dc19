import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// An awaited handler that reads how many nodes the walk asking it remembers weakly (the
/// nodes it let go of when it waited), and handles the link.
private final class RememberedProbe: Linked, AsyncURLHandler {
  private(set) var remembered: Int?

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    if let origin = context.origin {
      remembered = InFlightPropagations.walk(from: origin, for: url)?.rememberedNodeCount
    }
    return .handled
  }
}

/// Where the propagation handle goes once it exists, for a node's `deinit` to cancel.
@MainActor
private final class PropagationBox {
  var propagation: URLPropagation?
}

/// A node that cancels the propagation in its box when it is freed.
private final class CancellingWhenFreed: Linked {
  let box: PropagationBox
  init(_ box: PropagationBox, next: (any ResponderChainNode)?) {
    self.box = box
    super.init(next: next)
  }
  deinit {
    // Freed by the walk, which runs on the main actor.
    MainActor.assumeIsolated { box.propagation?.cancel() }
  }
}

/// An origin whose next node is made anew at every ask, so that only the walk holds it.
@MainActor
private final class MakingNode: ResponderChainNode {
  let make: () -> any ResponderChainNode
  init(_ make: @escaping () -> any ResponderChainNode) { self.make = make }
  var nextNode: (any ResponderChainNode)? { make() }
}

/// A walk lets go of the nodes it passed when it waits, and only then: an awaited handler that
/// answers without suspending is no wait, and costs no weak reference. What a walk frees may
/// run the app's code, which finds the walk whole.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct LettingGoTests {
  @Test func awaitedHandlersThatAnswerWithoutSuspendingAreNoWait() async {
    let probe = RememberedProbe()
    let second = ImmediateHandler(.notHandled, next: Node(next: probe))
    let first = ImmediateHandler(.notHandled, next: Node(next: second))
    let origin = Node(next: Node(next: first))
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(first.calls == 1 && second.calls == 1)
    #expect(probe.remembered == 0, "nothing was let go of, so nothing is remembered weakly")
  }

  @Test func onceTheWalkHasWaitedItLetsGoBeforeEveryAwaitedHandler() async {
    let probe = RememberedProbe()
    let deferring = DeferringHandler(.notHandled, next: Node(next: probe))
    let origin = Node(next: Node(next: deferring))
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await deferring.entered.opened()
    deferring.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
    // The origin and the node after it, at the wait; then the deferring handler and the node
    // after it, before the probe, which might have made the walk wait too.
    #expect(probe.remembered == 4)
  }

  /// Where `Task.immediate` runs the walk's task at once, the nodes before an awaited handler
  /// that did not suspend go when a later one does; without it, when the task is started.
  @Test(arguments: [true, false])
  func nodesBeforeAHandlerThatDidNotSuspendGoWhenALaterOneDefers(immediately: Bool) async {
    weak var weakOrigin: Node?
    weak var weakMiddle: Node?
    weak var weakImmediate: ImmediateHandler?
    weak var weakAfter: Node?
    let deferring = DeferringHandler(.handled)
    let recorder = CompletionRecorder()
    var options = URLPropagationOptions.untimed()
    options.startsImmediatelyWhereAvailable = immediately
    do {
      let after = Node(next: deferring)
      let immediate = ImmediateHandler(.notHandled, next: after)
      let middle = Node(next: immediate)
      let origin = Node(next: middle)
      (weakOrigin, weakMiddle, weakImmediate, weakAfter) = (origin, middle, immediate, after)
      origin.propagateURL(exampleURL, options: options, completion: recorder.completion)
    }
    await deferring.entered.opened()
    #expect(weakOrigin == nil)
    #expect(weakMiddle == nil)
    #expect(weakImmediate == nil)
    #expect(weakAfter == nil)
    deferring.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
  }

  /// A node freed as the walk lets go of it, before a handler that may wait, cancels the walk
  /// from its `deinit`: the walk ends cancelled and asks that handler nothing.
  @Test func aNodeFreedAtAWaitMayCancelTheWalk() async {
    let box = PropagationBox()
    let last = DeferringHandler(.handled)
    let first = DeferringHandler(.notHandled, next: MakingNode { CancellingWhenFreed(box, next: last) })
    let origin = Node(next: first)
    let recorder = CompletionRecorder()
    box.propagation = origin.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await first.entered.opened()
    first.release.open()
    // Past the first handler the walk makes the node, then lets go of it before the last one.
    #expect(await recorder.firstResult().outcome == .cancelled)
    #expect(last.calls == 0)
    #expect(recorder.results.count == 1)
  }

  /// A node freed as the walk ends finds it ended: the walk is told nothing more.
  @Test func aNodeFreedAsTheWalkEndsFindsItEnded() async {
    let box = PropagationBox()
    let app = AtOnceHandler(.handled)
    let origin = MakingNode { CancellingWhenFreed(box, next: app) }
    let recorder = CompletionRecorder()
    box.propagation = origin.propagateURL(exampleURL, completion: recorder.completion)
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(recorder.results.count == 1)
    #expect(app.calls == 1)
  }

  /// A node of a subclass of a plain node's class is asked, though the walk casts a run of
  /// plain nodes of one class only once.
  @Test func aHandlerWhoseSuperclassIsAPlainNodesIsAsked() async {
    class PlainView: Linked {}
    final class HandlingView: PlainView, URLHandler {
      func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { .handled }
    }
    let handling = HandlingView()
    let origin = PlainView(next: PlainView(next: PlainView(next: handling)))
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.decidingStep?.refers(to: handling) == true)
    #expect(result.trace.count == 4)
  }
}
