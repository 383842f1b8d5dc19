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
    var path = PropagationPath()
    var visited = VisitedNodes()
    let first = Node()
    let second = Node()
    #expect(path.hop == -1)
    let none = HeldNodes()
    let firstVisit = path.visit(first, nodeID: ObjectIdentifier(first), held: none, in: &visited)
    #expect(firstVisit == .asks && path.hop == 0)
    var held = HeldNodes()
    held.append(first)
    let secondVisit = path.visit(second, nodeID: ObjectIdentifier(second), held: held, in: &visited)
    #expect(secondVisit == .asks && path.hop == 1)
    let again = path.visit(first, nodeID: ObjectIdentifier(first), held: held, in: &visited)
    #expect(again == .revisit, "a node the walk holds is a revisit")
  }

  @Test func aLetGoNodeIsARevisitWhileItLivesAndItsAddressIsNewOnceFreed() {
    var path = PropagationPath()
    var visited = VisitedNodes()
    var held = HeldNodes()
    var below: Node? = Node()
    let id = ObjectIdentifier(below!)
    let handler = ImmediateHandler(.handled)
    let belowVisit = path.visit(below!, nodeID: id, held: held, in: &visited)
    held.append(below!)
    let handlerVisit = path.visit(handler, nodeID: ObjectIdentifier(handler), held: held, in: &visited)
    #expect(belowVisit == .asks && handlerVisit == .asks)
    visited.letGo(&held, then: handler)
    let living = path.visit(below!, nodeID: id, held: held, in: &visited)
    #expect(living == .revisit, "a let-go node that lives is still a revisit")
    below = nil
    let newcomer = Node()
    let reused = path.visit(newcomer, nodeID: id, held: held, in: &visited)
    #expect(reused == .asks, "a freed node's address is new")
  }

  @Test func eachAnswerDoesWhatItSaysToThePathTheURLAndTheTrace() {
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
      var path = PropagationPath()
      var carried = exampleURL
      var trace: [URLPropagationStep] = []
      path.begin(at: 100, trace: &trace)
      let ended = path.apply(
        decision, by: handler, nodeID: id, nodeType: Node.self, at: 130, to: &carried, trace: &trace)
      #expect(ended == outcome)
      #expect(carried == url)
      #expect(path.asksOnlyTheSystem == onlySystem)
      #expect(trace.map(\.decision) == [decision])
      #expect(trace.first?.duration == .nanoseconds(30), "a step counts from the answer before it")
    }
  }

  @Test func pastASystemActionOnlyTheApplicationIsAsked() {
    var path = PropagationPath()
    var visited = VisitedNodes()
    var url = exampleURL
    var trace: [URLPropagationStep] = []
    let held = HeldNodes()
    let nodes = (0..<3).map { _ in Node() }
    let application = Application()
    let first = path.visit(nodes[0], nodeID: ObjectIdentifier(nodes[0]), held: held, in: &visited)
    #expect(first == .asks)
    _ = path.apply(
      .systemAction, by: nodes[0], nodeID: ObjectIdentifier(nodes[0]), nodeType: Node.self, at: 0, to: &url,
      trace: &trace)
    let second = path.visit(nodes[1], nodeID: ObjectIdentifier(nodes[1]), held: held, in: &visited)
    #expect(second == .passes)
    let end = path.visit(application, nodeID: ObjectIdentifier(application), held: held, in: &visited)
    #expect(end == .asks)
    _ = path.apply(
      .notHandled, by: application, nodeID: ObjectIdentifier(application), nodeType: Node.self, at: 0, to: &url,
      trace: &trace)
    let third = path.visit(nodes[2], nodeID: ObjectIdentifier(nodes[2]), held: held, in: &visited)
    #expect(third == .passes, "no later answer asks in-app handlers again")
    #expect(path.hop == 3)
  }
}
