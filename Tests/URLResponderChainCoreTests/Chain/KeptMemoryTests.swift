import Foundation
import TestSupport
import Testing
import URLResponderChainCore

#if !canImport(ObjectiveC)
  /// A Swift object the walk visited before it waited is remembered by an unowned reference:
  /// the object goes away as usual, but its memory stays taken until the walk ends, so that no
  /// newcomer can be taken for it (`VisitedNodes`). Where the Objective-C runtime exists every
  /// node is remembered weakly instead (`ReusedAddressTests` in the error-handling tests).
  @MainActor
  @Suite(.timeLimit(.minutes(1))) struct KeptMemoryTests {
    @Test func aSwiftNodeFreedWhileAHandlerWaitsGoesAwayButItsAddressIsNotReusedMeanwhile() async throws {
      let top = ImmediateHandler(.handled)
      let slow = DeferringHandler(.notHandled)
      var visited: Node? = Node(next: slow)
      let start = Node(next: visited)
      let address = ObjectIdentifier(try #require(visited))

      // Untimed: under load the main actor can be busy for longer than the default timeout.
      let walk = Task { await start.propagateURL(URL(string: "https://example.com/a")!, options: .untimed()) }
      await slow.entered.waitUnlessCancelled()
      // The node below the waiting handler leaves the chain and the app lets go of it.
      start.next = slow
      weak let freed = visited
      visited = nil
      #expect(freed == nil, "the walk keeps no node below a handler that takes its time")
      // Newcomers of the freed node's very class, each kept alive so each gets a fresh block.
      let newcomers = (0..<1_000).map { _ in Node() }
      #expect(!newcomers.contains { ObjectIdentifier($0) == address }, "the freed node's memory stays taken")
      // One of them follows the waiting handler, and the walk reaches it.
      newcomers[0].next = top
      slow.next = newcomers[0]
      slow.release.open()

      let result = await walk.value
      #expect(result.outcome == .handled)
      #expect(top.calls == 1)
      #expect(result.trace.count == 5)
    }
  }
#endif
