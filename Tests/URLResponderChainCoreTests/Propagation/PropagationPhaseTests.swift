import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// The walk's phases move only forwards and end once; every other move is a bug that stops a
/// debug build.
@MainActor
@Suite struct PropagationPhaseTests {
  static let pending = PendingHandler(
    nodeID: ObjectIdentifier(Node()), nodeType: Node.self, startedAt: 0, askedAt: .zero)
  static let result = URLPropagationResult(outcome: .handled, url: exampleURL, originalURL: exampleURL, trace: [])

  static func phases() -> [PropagationPhase] {
    [
      .ready(from: Node()), .walking, .stopped(at: .handler(ImmediateHandler(.handled))), .awaiting(pending),
      .finished(result),
    ]
  }

  @Test func onlyTheDrawnMovesAreAllowed() {
    let allowed: Set<String> = [
      "ready→walking", "walking→stopped", "walking→finished", "stopped→awaiting", "stopped→finished",
      "awaiting→walking", "awaiting→finished",
    ]
    var seen: Set<String> = []
    for from in Self.phases() {
      for to in Self.phases() where from.allows(to) { seen.insert("\(from.name)→\(to.name)") }
    }
    #expect(seen == allowed)
  }

  @Test func aFinishedWalkGoesNowhere() {
    #expect(Self.phases().allSatisfy { !PropagationPhase.finished(Self.result).allows($0) })
  }

  @Test func nothingReturnsToReady() {
    #expect(Self.phases().allSatisfy { !$0.allows(.ready(from: Node())) })
  }
}
