import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// The walk's step, run by hand: no task, no clock, no waiter.
@MainActor
@Suite struct WalkStateTests {
  /// The application at a chain's end.
  final class Application: Linked, SystemURLOpener {
    func openInSystem(_ url: URL) async -> Bool { true }
  }

  static let rewritten = URL(string: "https://example.com/rewritten")!

  private func state(from node: any ResponderChainNode) -> WalkState {
    WalkState(
      origin: PropagationOrigin(url: exampleURL, node: node, inboundSourceName: nil, isDryRun: false), at: 100,
      signposting: false)
  }

  @Test func eachAnswerDoesWhatItSaysToTheURLTheFlagAndTheTrace() {
    let handler = Node()
    let cases: [(URLHandlingDecision, URLPropagationResult.Outcome?, Bool, URL)] = [
      (.notHandled, nil, false, exampleURL),
      (.rewrite(Self.rewritten), nil, false, Self.rewritten),
      (.systemAction, nil, true, exampleURL),
      (.handled, .handled, false, exampleURL),
      (.discarded(reason: "no"), .discarded(reason: "no"), false, exampleURL),
    ]
    for (decision, outcome, onlySystem, url) in cases {
      var walk = state(from: handler)
      let ended = walk.apply(decision, by: handler)
      let (flag, now, decisions) = (walk.onlyTheSystem, walk.url, walk.trace.map(\.decision))
      #expect(ended == outcome, "\(decision)")
      #expect(flag == onlySystem, "\(decision)")
      #expect(now == url, "\(decision)")
      #expect(decisions == [decision])
    }
  }

  @Test func aSystemActionIsNeverUndoneByALaterAnswer() {
    let node = Node()
    var walk = state(from: node)
    _ = walk.apply(.systemAction, by: node)
    for decision in [URLHandlingDecision.notHandled, .rewrite(Self.rewritten)] {
      _ = walk.apply(decision, by: node)
      let flag = walk.onlyTheSystem
      #expect(flag, "\(decision)")
    }
  }

  /// The step asks every handler that answers at once, stops at one to await, and passes the
  /// application to ask its delegate first; once the chain runs out, the end is what is left.
  @Test func theStepPassesTheApplicationAsksItsDelegateAndThenStopsAtTheEnd() {
    let application = Application()
    let delegate = AtOnceHandler(.notHandled)
    application.next = delegate
    let awaited = ImmediateHandler(.notHandled, next: application)
    let first = AtOnceHandler(.rewrite(Self.rewritten), next: awaited)
    var walk = state(from: first)
    guard case .awaiting(.handler(let stoppedAt)) = walk.walk(from: first, isEnded: { false }) else {
      Issue.record("the step did not stop at the awaited handler")
      return
    }
    let url = walk.url
    #expect(stoppedAt === awaited)
    #expect(url == Self.rewritten)
    #expect(walk.apply(.notHandled, by: awaited) == nil)
    guard case .awaiting(.chainEnd(let end)) = walk.walk(from: application, isEnded: { false }) else {
      Issue.record("the step did not stop at the chain's end")
      return
    }
    #expect(end === application)
    #expect(delegate.calls == 1, "the application's delegate is asked before the end")
    let steps = walk.trace.count
    #expect(steps == 3, "the application's step comes when it decides")
    guard case .finished(.notHandled) = walk.ranOut() else {
      Issue.record("the end is asked once")
      return
    }
  }

  @Test func pastASystemActionNoHandlerIsAskedButTheEndStillDecides() {
    let application = Application()
    let later = AtOnceHandler(.handled, next: application)
    let sender = AtOnceHandler(.systemAction, next: later)
    var walk = state(from: sender)
    guard case .awaiting(.chainEnd) = walk.walk(from: sender, isEnded: { false }) else {
      Issue.record("the walk did not reach the end")
      return
    }
    let flag = walk.onlyTheSystem
    #expect(later.calls == 0)
    #expect(flag)
  }

  @Test func theStepRecordsTheNearestDeclarationThePoliciesAboveItAndTheNearestHost() {
    let application = TestApplication()
    let outer = TestViewController(name: "outer")
    let inner = TestViewController(name: "inner")
    let environment = RecordingLinkEnvironment()
    outer.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy(permittedPorts: [8443]))
    inner.linkPresenter = LinkPresenter(environment: environment)
    application.makeWindow(rootViewController: outer)
    outer.addChild(inner)
    let link = TestView(name: "link")
    inner.view.addSubview(link)
    var walk = state(from: link)
    guard case .awaiting(.chainEnd) = walk.walk(from: link, isEnded: { false }) else {
      Issue.record("the walk did not reach the end")
      return
    }
    let passed = walk.passed
    #expect(passed.nearest === inner.linkPresenter)
    #expect(passed.outer.map(\.recorded.permittedPorts) == [[8443]], "the policy of the declaration above")
    #expect(passed.host === inner)
    #expect(passed.application === application)
  }

  /// A walk that the app's code ended (a node's `nextNode` cancelled it) asks no handler
  /// after it, and its trace ends at that node.
  @Test func aWalkEndedMeanwhileAsksNoHandlerAfter() {
    let handler = AtOnceHandler(.notHandled)
    let node = Node(next: handler)
    var walk = state(from: node)
    guard case .ended = walk.walk(from: node, isEnded: { true }) else {
      Issue.record("the step went on past an ended walk")
      return
    }
    let trace = walk.trace
    #expect(trace.count == 1 && trace.last?.refers(to: node) == true)
    #expect(handler.calls == 0)
  }
}
