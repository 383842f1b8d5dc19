import Foundation
import TestSupport
import Testing
import URLResponderChainCore

extension TimeSensitiveTests {
  @MainActor
  @Suite struct LongChainTests {
    @Test func aMillionPlainNodesAreWalkedWithoutRecursion() async {
      // A hundred thousand nodes already overflow the stack of a recursive walk; the stress run
      // walks a million. Either way the main actor is held for the whole walk.
      let count = Stress.isFull ? 1_000_000 : 100_000
      let head = Node()
      var tail = head
      for _ in 1..<count {
        let node = Node()
        tail.next = node
        tail = node
      }
      let end = ImmediateHandler(.handled)
      tail.next = end
      let result = await head.propagateURL(exampleURL)
      #expect(result.outcome == .handled)
      #expect(result.trace.count == count + 1)
      Self.dismantle(head)
    }

    @Test func aHundredThousandRejectingHandlersAreWalkedWithoutRecursion() async {
      let count = 100_000
      let head = ImmediateHandler(.notHandled)
      var tail = head
      for _ in 1..<count {
        let handler = ImmediateHandler(.notHandled)
        tail.next = handler
        tail = handler
      }
      let result = await head.propagateURL(exampleURL)
      #expect(result.outcome == .notHandled)
      #expect(result.trace.count == count)
      #expect(result.trace.allSatisfy { $0.decision == .notHandled })
      var node: ImmediateHandler? = head
      while let current = node {
        node = current.next as? ImmediateHandler
        current.next = nil
      }
    }

    /// Releases a long chain iteratively, so the test's teardown does not recurse either.
    private static func dismantle(_ head: Node) {
      var node: Node? = head
      while let current = node {
        node = current.next as? Node
        current.next = nil
      }
    }
  }
}
