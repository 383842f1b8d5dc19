import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// The walk's pure rules, applied by hand: no task, no clock, no waiter.
@MainActor
@Suite struct PropagationRulesTests {
  /// The application at a chain's end, as far as the rules are concerned.
  class Application: Linked, SystemURLOpener {}

  static let rewritten = URL(string: "https://example.com/rewritten")!

  @Test func eachAnswerDoesWhatItSaysToTheFlagAndTheTrace() {
    let handler = Node()
    let id = ObjectIdentifier(handler)
    let cases: [(URLHandlingDecision, URLPropagationResult.Outcome?, Bool)] = [
      (.notHandled, nil, false),
      (.rewrite(Self.rewritten), nil, false),
      (.systemAction, nil, true),
      (.handled, .handled, false),
      (.discarded(reason: "no"), .discarded(reason: "no"), false),
    ]
    for (decision, outcome, onlySystem) in cases {
      var lastTick: UInt64 = 100
      var onlyTheSystem = false
      var trace: [URLPropagationStep] = []
      let ended = PropagationRules.apply(
        decision, by: handler, nodeID: id, nodeType: Node.self, at: 130, since: &lastTick,
        onlyTheSystem: &onlyTheSystem, trace: &trace)
      #expect(ended == outcome, "\(decision)")
      #expect(onlyTheSystem == onlySystem, "\(decision)")
      #expect(trace.map(\.decision) == [decision])
      #expect(trace.first?.duration == .nanoseconds(30), "a step counts from the answer before it")
      #expect(lastTick == 130)
    }
  }

  @Test func aSystemActionIsNeverUndoneByALaterAnswer() {
    let node = Node()
    var lastTick: UInt64 = 0
    var onlyTheSystem = true
    var trace: [URLPropagationStep] = []
    for decision in [URLHandlingDecision.notHandled, .rewrite(Self.rewritten)] {
      _ = PropagationRules.apply(
        decision, by: node, nodeID: ObjectIdentifier(node), nodeType: Node.self, at: 0, since: &lastTick,
        onlyTheSystem: &onlyTheSystem, trace: &trace)
      #expect(onlyTheSystem, "\(decision)")
    }
  }

  @Test func pastASystemActionOnlyTheApplicationIsAsked() {
    final class Subclass: Application {}
    #expect(PropagationRules.asks(Node.self, onlyTheSystem: false))
    #expect(PropagationRules.asks(Application.self, onlyTheSystem: false))
    #expect(!PropagationRules.asks(Node.self, onlyTheSystem: true))
    #expect(PropagationRules.asks(Application.self, onlyTheSystem: true))
    #expect(PropagationRules.asks(Subclass.self, onlyTheSystem: true), "a subclass of the application is it")
  }
}
