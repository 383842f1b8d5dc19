import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// Chains of ``URLHandler``s (answering at once) mixed with ``AsyncURLHandler``s, compared
/// with the same chains made of ``AsyncURLHandler``s only and with a plain model of the
/// contract, on random chains: plain nodes and handlers, every kind of decision, handlers
/// that suspend, and chains that loop back.
@MainActor
@Suite struct SynchronousHandlerDifferentialTests {
  /// One node of a generated chain.
  enum Spec {
    case plain
    /// A handler's decision, and whether it gives it at once, or when awaited (and then
    /// whether it suspends first).
    case handler(URLHandlingDecision, atOnce: Bool, suspends: Bool)
  }

  /// What a walk did, in terms that compare across the three: the outcome, the final URL,
  /// the trace as (node index, decision), and what each handler was asked with.
  struct Observed: Equatable {
    var outcome: URLPropagationResult.Outcome
    var url: URL
    var trace: [Int?]
    var decisions: [URLHandlingDecision?]
    var asked: [String]
  }

  @Test(arguments: 0..<4)
  func answeringAtOnceWalksExactlyAsAwaitingEveryHandler(round: Int) async {
    var generator = SeededGenerator(seed: 0x5EED_0000 + UInt64(round))
    var mismatches: [String] = []
    for index in 0..<Stress.count(250) {
      let (specs, successors) = Self.randomChain(using: &generator)
      let model = Self.model(specs, successors)
      let mixed = await Self.run(specs, successors, forceAwaited: false)
      let awaited = await Self.run(specs, successors, forceAwaited: true)
      if mixed != model || awaited != model {
        mismatches.append(
          "#\(index) \(specs.count) nodes: model \(model.outcome) \(model.trace), mixed \(mixed.outcome) \(mixed.trace), awaited \(awaited.outcome) \(awaited.trace)"
        )
      }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(3))")
  }

  // MARK: - Generating chains

  private static let urls = (0..<4).map { URL(string: "https://example.com/\($0)")! }

  static func randomChain(using generator: inout SeededGenerator) -> ([Spec], [Int?]) {
    let count = Int.random(in: 1...40, using: &generator)
    let specs: [Spec] = (0..<count).map { _ in
      guard Int.random(in: 0..<3, using: &generator) == 0 else { return .plain }
      let decision: URLHandlingDecision =
        switch Int.random(in: 0..<20, using: &generator) {
        case 0: .handled
        case 1: .discarded(reason: "refused")
        case 2, 3: .rewrite(urls.randomElement(using: &generator)!)
        case 4: .systemAction
        default: .notHandled
        }
      let atOnce = Bool.random(using: &generator)
      return .handler(decision, atOnce: atOnce, suspends: !atOnce && Bool.random(using: &generator))
    }
    // Each node's successor is the next one; the last one sometimes loops back.
    var successors: [Int?] = (0..<count).map { $0 + 1 < count ? $0 + 1 : nil }
    if Int.random(in: 0..<4, using: &generator) == 0 {
      successors[count - 1] = Int.random(in: 0..<count, using: &generator)
    }
    return (specs, successors)
  }

  // MARK: - The model

  static func model(_ specs: [Spec], _ successors: [Int?]) -> Observed {
    var observed = Observed(outcome: .notHandled, url: exampleURL, trace: [], decisions: [], asked: [])
    var visited: Set<Int> = []
    var index: Int? = 0
    var hop = 0
    // Past a system action no handler is asked (these chains have no application).
    var asksOnlyTheSystem = false
    while let current = index, visited.insert(current).inserted {
      observed.trace.append(current)
      if case .handler(let decision, _, _) = specs[current], !asksOnlyTheSystem {
        observed.asked.append("\(current)@\(hop) \(observed.url.path)")
        observed.decisions.append(decision)
        switch decision {
        case .notHandled: break
        case .rewrite(let url): observed.url = url
        case .handled:
          observed.outcome = .handled
          return observed
        case .discarded(let reason):
          observed.outcome = .discarded(reason: reason)
          return observed
        case .systemAction: asksOnlyTheSystem = true
        }
      } else {
        observed.decisions.append(nil)
      }
      index = successors[current]
      hop += 1
    }
    return observed
  }

  // MARK: - The walk

  static func run(_ specs: [Spec], _ successors: [Int?], forceAwaited: Bool) async -> Observed {
    let nodes: [Linked] = specs.map { spec in
      guard case .handler(let decision, let atOnce, let suspends) = spec else { return Node() }
      if atOnce && !forceAwaited { return AtOnceHandler(decision) }
      let handler = AwaitedHandler(decision)
      handler.suspends = suspends
      return handler
    }
    for (index, successor) in successors.enumerated() { nodes[index].next = successor.map { nodes[$0] } }
    let result = await nodes[0].propagateURL(exampleURL, options: .untimed())  // slow is never late here
    for node in nodes { node.next = nil }
    let indexOf = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { (ObjectIdentifier($1), $0) })
    var asked: [(position: Int, text: String)] = []
    for (index, node) in nodes.enumerated() {
      let seen = (node as? AtOnceHandler)?.seen ?? (node as? AwaitedHandler)?.seen ?? []
      asked += seen.map { seen in (seen.hop, "\(index)@\(seen.hop) \(seen.url.path)") }
    }
    return Observed(
      outcome: result.outcome,
      url: result.url,
      trace: result.trace.map { indexOf[$0.nodeID] },
      decisions: result.trace.map(\.decision),
      asked: asked.sorted { $0.position < $1.position }.map(\.text)
    )
  }
}
