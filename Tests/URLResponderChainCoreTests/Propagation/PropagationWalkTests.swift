import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

@MainActor
@Suite struct PropagationWalkTests {
  @Test func theWalkStartsAtTheReceiver() async {
    let above = ImmediateHandler(.handled)
    let origin = ImmediateHandler(.handled, next: above)
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(origin.calls == 1)
    #expect(above.calls == 0)
    #expect(result.trace.count == 1)
    #expect(result.decidingStep?.refers(to: origin) == true)
  }

  @Test func aHandledURLStopsTheWalkAndReportsWhoHandledIt() async {
    let top = ImmediateHandler(.handled)
    let handler = ImmediateHandler(.handled, next: top)
    let passer = ImmediateHandler(.notHandled, next: handler)
    let origin = Node(next: passer)
    let result = await origin.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.url == exampleURL)
    #expect(top.calls == 0)
    #expect(result.trace.map(\.decision) == [nil, .notHandled, .handled])
    #expect(result.trace.map(\.isURLHandler) == [false, true, true])
    #expect(result.decidingStep?.refers(to: handler) == true)
  }

  @Test func aChainWithoutTakersEndsUnhandledAfterVisitingEveryNode() async {
    let nodes = (0..<5).map { _ in Node() }
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    let result = await nodes[0].propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(result.decidingStep == nil)
    #expect(result.trace.count == 5)
    #expect(zip(result.trace, nodes).allSatisfy { $0.refers(to: $1) })
  }

  @Test func aRewriteContinuesUpTheChainWithTheNewURL() async throws {
    let rewritten = try #require(URL(string: "https://example.com/clean"))
    let receiver = DeferringHandler(.handled)
    receiver.release.open()
    let rewriter = ImmediateHandler(.rewrite(rewritten), next: receiver)
    let result = await Node(next: rewriter).propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.url == rewritten)
    #expect(result.originalURL == exampleURL)
    #expect(receiver.receivedURLs == [rewritten])
    #expect(receiver.contexts.first?.originalURL == exampleURL)
    #expect(result.trace[1].decision == .rewrite(rewritten))
  }

  @Test func aDiscardStopsTheWalkWithItsReason() async {
    let above = ImmediateHandler(.handled)
    let blocker = ImmediateHandler(.discarded(reason: "not on the allowlist"), next: above)
    let result = await blocker.propagateURL(exampleURL)
    #expect(result.outcome == .discarded(reason: "not on the allowlist"))
    #expect(above.calls == 0)
    #expect(result.decidingStep?.refers(to: blocker) == true)
  }

  @Test func aCyclicChainVisitsEachNodeOnceAndEnds() async {
    let first = ImmediateHandler(.notHandled)
    let second = ImmediateHandler(.notHandled)
    let third = Node(next: first)
    first.next = second
    second.next = third
    let result = await first.propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(first.calls == 1)
    #expect(second.calls == 1)
    #expect(result.trace.count == 3)
  }

  @Test func aSelfLoopIsVisitedOnce() async {
    let node = ImmediateHandler(.notHandled)
    node.next = node
    let result = await node.propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(node.calls == 1)
  }

  @Test func aLongCycleIsDetectedPastTheFilterThreshold() async {
    let nodes = (0..<2_000).map { _ in ImmediateHandler(.notHandled) }
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    nodes.last?.next = nodes[700]
    let result = await nodes[0].propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(result.trace.count == 2_000)
    #expect(nodes.allSatisfy { $0.calls == 1 })
  }

  /// Plain nodes and handlers that answer at once, so the walk never waits: past the
  /// threshold its exact table is built from the nodes it holds, and a loop back to one of
  /// those (node 100, visited before the table existed) still ends the walk.
  @Test(arguments: [false, true])
  func aLongCycleWithoutAWaitIsDetectedPastTheFilterThreshold(handlers: Bool) async {
    let nodes: [Linked] = (0..<2_000).map { _ in handlers ? AtOnceHandler(.notHandled) : Node() }
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    nodes.last?.next = nodes[100]
    let result = await nodes[0].propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(result.trace.count == 2_000)
    if handlers { #expect(nodes.allSatisfy { ($0 as? AtOnceHandler)?.calls == 1 }) }
    for node in nodes { node.next = nil }
  }

  @Test func theChainAsItIsAfterADeferralIsFollowed() async {
    let oldParent = ImmediateHandler(.handled)
    let newParent = ImmediateHandler(.handled)
    let deferring = DeferringHandler(.notHandled, next: oldParent)
    let recorder = CompletionRecorder()
    deferring.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await deferring.entered.opened()
    deferring.next = newParent
    deferring.release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .handled)
    #expect(oldParent.calls == 0)
    #expect(newParent.calls == 1)
    #expect(result.decidingStep?.refers(to: newParent) == true)
  }

  @Test func theTraceDescriptionNamesEveryNodeAndTheOutcome() async {
    let handler = ImmediateHandler(.discarded(reason: "blocked host"))
    let result = await Node(next: handler).propagateURL(exampleURL)
    let text = result.description
    #expect(text.contains("https://example.com/article → discarded (blocked host) by ImmediateHandler"))
    #expect(text.contains("0 Node"))
    #expect(text.contains("1 ImmediateHandler"))
    #expect(text.contains("discarded (blocked host)"))
  }

  @Test func theTraceAnswersLineUpInOneColumn() async {
    let handler = ImmediateHandler(.discarded(reason: "blocked host"))
    let result = await Node(next: handler).propagateURL(exampleURL)
    let lines = result.description.split(separator: "\n").dropFirst()
    #expect(lines.count == 2)
    // "  0 Node" is padded to the width of "  1 ImmediateHandler", then two spaces and the answer.
    let column = "  1 ImmediateHandler  ".count
    for line in lines {
      let answer = line.dropFirst(column)
      #expect(line.prefix(column).hasSuffix("  "), "\(line)")
      #expect(answer.first != " ", "\(line)")
    }
    #expect(lines.first?.dropFirst(column).hasPrefix("–") == true)
    #expect(lines.last?.dropFirst(column).hasPrefix("discarded (blocked host)  0.") == true)
  }

  @Test func theTestKitsRespondersAreNamedInTheTrace() async {
    let app = TestApplication(name: "app")
    let topic = TestViewController(name: "topic")
    app.makeWindow(rootViewController: topic)
    let link = TestView(name: "link")
    topic.view.addSubview(link)
    let result = await link.propagateURL(exampleURL)
    let lines = result.description.split(separator: "\n").dropFirst().map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(lines.count == 5)
    #expect(lines.first?.hasPrefix(#"0 TestView "link""#) == true)
    #expect(lines.dropFirst().first?.hasPrefix(#"1 TestView "topic.view""#) == true)
    #expect(lines.contains { $0.hasPrefix(#"2 TestViewController "topic""#) })
    #expect(lines.last?.hasPrefix(#"4 TestApplication "app""#) == true)
    #expect(result.description.contains(#"by TestApplication "app""#))
  }

  /// After an awaited handler the walk does not cast nodes of its very type to `URLHandler`
  /// again; a subclass is another type, and one that is also a `URLHandler` is asked as one.
  @Test func aSubclassOfAnAwaitedHandlerThatAnswersAtOnceIsAskedAtOnce() async {
    let sub = AnsweringSubclass(next: nil)
    let first = AwaitedBase(next: AwaitedBase(next: sub))
    let result = await first.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(sub.answeredAtOnce == 1)
    #expect(sub.awaited == 0)
    #expect(first.awaited == 1)
  }
}

/// An awaited handler that passes every URL on.
@MainActor
private class AwaitedBase: Linked, AsyncURLHandler {
  var awaited = 0
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    awaited += 1
    return .notHandled
  }
}

/// A subclass that also answers at once, which the walk prefers.
@MainActor
private final class AnsweringSubclass: AwaitedBase, URLHandler {
  var answeredAtOnce = 0
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    answeredAtOnce += 1
    return .handled
  }
}
