import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling

/// A node the walk visited can be freed while a handler above it takes its time (the walk
/// then holds no node below the handler), and a new object, even of its very class, can then
/// be allocated at its address. The walks must not take that new object for the visited one and stop as if the
/// chain looped.
///
/// Any object's address can be taken so; the walks remember every node weakly.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct ReusedAddressTests {
  /// Two classes of the same size, so that one is allocated where the other was freed.
  final class FreedNode: Linked {}
  final class ReusingNode: Linked {}

  /// Frees `node` (the caller's last reference) and allocates newcomers until one takes its
  /// address; the others stay alive meanwhile, so each try gets a fresh block.
  private func reuseAddress(of node: inout FreedNode?, sameClass: Bool = false) -> Linked? {
    guard let freed = node.map({ ObjectIdentifier($0) }) else { return nil }
    node = nil
    var tries: [Linked] = []
    for _ in 0..<1_000 {
      let candidate: Linked = sameClass ? FreedNode() : ReusingNode()
      if ObjectIdentifier(candidate) == freed { return candidate }
      tries.append(candidate)
    }
    return nil
  }

  /// Takes `visited` out of the chain between `below` and `slow` and frees it; makes a new
  /// node, at the freed address when the allocator reuses it, `slow`'s successor, followed by
  /// `top`. Returns whether the address was reused.
  private func replaceFreedNode(
    _ visited: inout FreedNode?, between below: Linked, and slow: Linked, then top: any ResponderChainNode,
    sameClass: Bool = false
  ) -> Bool {
    below.next = slow
    let reused = reuseAddress(of: &visited, sameClass: sameClass)
    let successor = reused ?? ReusingNode()
    successor.next = top
    slow.next = successor
    return reused != nil
  }

  /// The allocator usually hands a freed block to the next allocation of its size; when other
  /// tests allocate on the same thread in between it may not, so a scenario is tried until the
  /// address is reused.
  private static let attempts = 20

  /// With 300 nodes before it, the walk has visited more than the filter answers for, and
  /// its exact set decides. The newcomer may even be of the freed node's very class.
  @Test(arguments: [0, 300], [false, true])
  func aNodeAllocatedWhereAVisitedOneWasFreedIsNotTakenForIt(nodesBefore: Int, sameClass: Bool) async throws {
    var reusedOnce = false
    for _ in 0..<Self.attempts where !reusedOnce {
      let top = ImmediateHandler(.handled)
      let slow = DeferringHandler(.notHandled)
      var visited: FreedNode? = FreedNode(next: slow)
      let below = Node(next: visited)
      let start = (0..<nodesBefore).reduce(below) { next, _ in Node(next: next) }

      let walk = Task { await start.propagateURL(URL(string: "https://example.com/a")!, options: .untimed()) }
      await slow.entered.opened()
      // While the handler takes its time, a node below it goes away and a new object takes
      // its address; the handler's successor is now that object.
      reusedOnce = replaceFreedNode(&visited, between: below, and: slow, then: top, sameClass: sameClass)
      slow.release.open()

      let result = try await walk.value(within: .deadline)
      #expect(result.outcome == .handled)
      #expect(top.calls == 1)
    }
    #expect(reusedOnce, "no allocation reused the freed address in \(Self.attempts) tries")
  }

  @Test(arguments: [false, true])
  func anErrorReachesAHandlerAllocatedWhereAVisitedNodeWasFreed(sameClass: Bool) async throws {
    var reusedOnce = false
    for _ in 0..<Self.attempts where !reusedOnce {
      let top = RecordingErrorHandler()
      let slow = HeldErrorHandler()
      var visited: FreedNode? = FreedNode(next: slow)
      let start = Node(next: visited)

      let report = Task { await start.reportError(CocoaError(.fileNoSuchFile)) }
      await slow.reached.opened()
      reusedOnce = replaceFreedNode(&visited, between: start, and: slow, then: top, sameClass: sameClass)
      slow.release.open()

      #expect(try await report.value(within: .deadline))
      #expect(top.errors.count == 1)
    }
    #expect(reusedOnce, "no allocation reused the freed address in \(Self.attempts) tries")
  }

  @Test func aStepDoesNotReferToANewcomerAtItsNodesAddress() async throws {
    var reusedOnce = false
    for _ in 0..<Self.attempts where !reusedOnce {
      let start = Node()
      var visited: FreedNode? = FreedNode()
      start.next = visited
      let result = await start.propagateURL(URL(string: "https://example.com/a")!)
      let step = try #require(result.trace.last)
      #expect(step.refers(to: try #require(visited)))
      start.next = nil
      guard let reused = reuseAddress(of: &visited) else { continue }
      reusedOnce = true
      #expect(!step.refers(to: reused))
    }
    #expect(reusedOnce, "no allocation reused the freed address in \(Self.attempts) tries")
  }
}

/// Handles every error and keeps it.
@MainActor
private final class RecordingErrorHandler: Linked, ErrorHandler {
  private(set) var errors: [any Error] = []

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    errors.append(error)
    return .handled
  }
}

/// Passes every error on once the test opens `release`, and says when one reached it.
@MainActor
private final class HeldErrorHandler: Linked, ErrorHandler {
  let reached = Gate()
  let release = Gate()

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    reached.open()
    await release.wait()
    return .notHandled
  }
}
