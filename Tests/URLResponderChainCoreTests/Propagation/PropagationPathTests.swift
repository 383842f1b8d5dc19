import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// The walk's pure part, driven by hand: no task, no clock, no waiter.
@MainActor
@Suite struct PropagationPathTests {
  /// The application at a chain's end, as far as the path is concerned.
  final class Application: Linked, SystemURLOpener {}

  static let rewritten = URL(string: "https://example.com/rewritten")!

  @Test func eachVisitTakesTheNextHopAndAVisitedNodeThatLivesIsARevisit() {
    var path = PropagationPath(url: exampleURL)
    let held = HeldNodes()
    let first = Node()
    let second = Node()
    #expect(path.hop == -1)
    let firstIsNew = path.visit(first, nodeID: ObjectIdentifier(first), held: held) == .asks
    #expect(firstIsNew && path.hop == 0)
    var kept = HeldNodes()
    kept.append(first)
    let secondIsNew = path.visit(second, nodeID: ObjectIdentifier(second), held: kept) == .asks
    #expect(secondIsNew && path.hop == 1)
    let firstAgain = path.visit(first, nodeID: ObjectIdentifier(first), held: kept)
    #expect(firstAgain == .revisit, "a node held by the walk is a revisit")
    kept.removeAll { _ in }
  }

  @Test func aLetGoNodeIsRememberedUntilItIsFreedAndForgottenWhenThePathEnds() {
    var path = PropagationPath(url: exampleURL)
    var held = HeldNodes()
    var below: Node? = Node()
    let id = ObjectIdentifier(below!)
    let handler = ImmediateHandler(.handled)
    let belowIsNew = path.visit(below!, nodeID: id, held: held) == .asks
    held.append(below!)
    let handlerIsNew = path.visit(handler, nodeID: ObjectIdentifier(handler), held: held) == .asks
    #expect(belowIsNew && handlerIsNew)
    path.letGo(&held, then: handler)
    #expect(path.rememberedNodeCount == 2)
    let livingAgain = path.visit(below!, nodeID: id, held: held)
    #expect(livingAgain == .revisit, "a let-go node that lives is still a revisit")
    below = nil
    let newcomer = Node()
    let freedAgain = path.visit(newcomer, nodeID: id, held: held)
    #expect(freedAgain == .asks, "a freed node's address is new")
    _ = path.end()
    #expect(path.rememberedNodeCount == 0)
  }

  @Test func eachAnswerDoesWhatItSaysToThePath() {
    let handler = Node()
    let id = ObjectIdentifier(handler)
    let cases: [(URLHandlingDecision, URLPropagationResult.Outcome?, URL, Bool)] = [
      (.notHandled, nil, exampleURL, false),
      (.rewrite(Self.rewritten), nil, Self.rewritten, false),
      (.systemAction, nil, exampleURL, true),
      (.handled, .handled, exampleURL, false),
      (.discarded(reason: "no"), .discarded(reason: "no"), exampleURL, false),
    ]
    for (decision, outcome, url, onlySystem) in cases {
      var path = PropagationPath(url: exampleURL)
      path.begin(at: 100)
      #expect(path.apply(decision, by: handler, nodeID: id, nodeType: Node.self, at: 130) == outcome)
      #expect(path.url == url)
      #expect(path.asksOnlyTheSystem == onlySystem)
      #expect(path.steps.map(\.decision) == [decision])
      #expect(path.steps.first?.duration == .nanoseconds(30), "a step counts from the answer before it")
    }
  }

  @Test func pastASystemActionOnlyTheApplicationIsAsked() {
    var path = PropagationPath(url: exampleURL)
    let held = HeldNodes()
    let nodes = (0..<3).map { _ in Node() }
    let application = Application()
    let first = path.visit(nodes[0], nodeID: ObjectIdentifier(nodes[0]), held: held)
    #expect(first == .asks)
    _ = path.apply(.systemAction, by: nodes[0], nodeID: ObjectIdentifier(nodes[0]), nodeType: Node.self, at: 0)
    let second = path.visit(nodes[1], nodeID: ObjectIdentifier(nodes[1]), held: held)
    #expect(second == .passes)
    let end = path.visit(application, nodeID: ObjectIdentifier(application), held: held)
    #expect(end == .asks)
    _ = path.apply(.notHandled, by: application, nodeID: ObjectIdentifier(application), nodeType: Node.self, at: 0)
    let third = path.visit(nodes[2], nodeID: ObjectIdentifier(nodes[2]), held: held)
    #expect(third == .passes, "no later answer asks in-app handlers again")
    #expect(path.hop == 3)
  }

  @Test func passedNodesAreTracedWithoutADecisionAndThePendingHandlerIsAddedToAnEndingTrace() {
    var path = PropagationPath(url: exampleURL)
    let node = Node()
    path.pass(node, nodeID: ObjectIdentifier(node), nodeType: Node.self)
    #expect(path.steps.count == 1 && path.steps[0].decision == nil)
    let pending = PendingHandler(nodeID: ObjectIdentifier(node), nodeType: Node.self, startedAt: 0, askedAt: .zero)
    let trace = path.trace(pending: pending, waited: 5)
    #expect(trace.count == 2)
    #expect(path.trace(pending: nil, waited: 5).count == 1)
    path.replaceTrace(with: trace)
    #expect(path.end().count == 2)
    #expect(path.steps.isEmpty, "an ended path holds no step")
  }
}
