import Foundation

/// The way a walk has come: the URL it carries, the hop it is at, the nodes it visited, its
/// trace, and whether only the system may still be asked.
///
/// The pure part of a walk: which node is asked, what was visited, and what a handler's answer
/// does to the walk. It starts no task, reads no clock (the walk passes the time in) and
/// resumes nobody; ``PropagationWalk`` does that around it. Tested without tasks
/// (`PropagationPathTests`).
struct PropagationPath {
  /// The URL as the handlers so far left it.
  private(set) var url: URL
  /// The hop of the node visited last: 0 for the origin, -1 before any.
  private(set) var hop = -1
  /// Whether a handler answered ``URLHandlingDecision/systemAction``: from then on only a
  /// ``SystemURLOpener`` is asked.
  private(set) var asksOnlyTheSystem = false
  /// One entry per node visited, in order.
  private(set) var steps: [URLPropagationStep] = []
  /// When the last handler answered, or the walk began: each answer's step records the time since.
  private var lastTick: UInt64 = 0
  private var visited = VisitedNodes()

  /// Room for the trace of most chains (UIKit's run from a view to the application is a few
  /// dozen nodes), reserved once; a longer walk grows it by doubling. Counting the chain
  /// first would cost a second `nextNode` call per node.
  static let initialTraceCapacity = 32

  /// A path that has visited nothing yet.
  init(url: URL) {
    self.url = url
  }

  /// Makes room for the trace and takes the time the first handler's step counts from.
  mutating func begin(at tick: UInt64) {
    steps.reserveCapacity(Self.initialTraceCapacity)
    lastTick = tick
  }

  #if DEBUG
    /// How many let-go nodes are remembered (weakly).
    var rememberedNodeCount: Int { visited.rememberedCount }
  #endif

  /// What the walk does at a node.
  enum Visit {
    /// The node was visited before and still lives: the chain loops, and the walk ends.
    case revisit
    /// The node is asked, if it is a handler.
    case asks
    /// The node is passed without being asked: a handler answered
    /// ``URLHandlingDecision/systemAction`` and it is not the application.
    case passes
  }

  /// Takes the next hop, to `node`, and says what the walk does there.
  ///
  /// Every handler is asked until one answers ``URLHandlingDecision/systemAction``; from then
  /// on only the application (a ``SystemURLOpener``) is, so that no in-app presenter shows the
  /// link. One call per hop: the walk's hot loop pays one exclusivity check for it.
  ///
  /// - Parameters:
  ///   - node: The node the walk reached; `nodeID` is its address.
  ///   - held: The nodes visited since the walk last waited, which it still holds.
  @inline(__always)
  mutating func visit(_ node: any ResponderChainNode, nodeID: ObjectIdentifier, held: borrowing HeldNodes) -> Visit {
    hop &+= 1
    guard visited.insert(nodeID, held: held) else { return .revisit }
    return !asksOnlyTheSystem || node is any SystemURLOpener ? .asks : .passes
  }

  /// Records a node that was not asked.
  @inline(__always)
  mutating func pass(_ node: AnyObject, nodeID: ObjectIdentifier, nodeType: any Any.Type) {
    steps.append(URLPropagationStep(node: node, nodeID: nodeID, nodeType: nodeType, decision: nil, nanoseconds: 0))
  }

  /// Records a handler's answer, given at `tick`, and applies it.
  ///
  /// - Returns: How the walk ends, when the answer ends it; `nil` when it goes on.
  @inline(__always)
  mutating func apply(
    _ decision: URLHandlingDecision, by node: AnyObject, nodeID: ObjectIdentifier, nodeType: any Any.Type,
    at tick: UInt64
  ) -> URLPropagationResult.Outcome? {
    steps.append(
      URLPropagationStep(
        node: node, nodeID: nodeID, nodeType: nodeType, decision: decision, nanoseconds: tick &- lastTick))
    lastTick = tick
    switch decision {
    case .notHandled: return nil
    case .rewrite(let rewritten):
      url = rewritten
      return nil
    case .handled: return .handled
    case .discarded(let reason): return .discarded(reason: reason)
    case .systemAction:
      asksOnlyTheSystem = true
      return nil
    }
  }

  /// Lets go of the nodes in `held` before the walk waits for `handler`
  /// (``VisitedNodes/letGo(_:then:)``).
  mutating func letGo(_ held: inout HeldNodes, then handler: AnyObject) {
    visited.letGo(&held, then: handler)
  }

  /// The trace so far, plus the handler being waited on, `waited` nanoseconds after it was asked.
  func trace(pending: PendingHandler?, waited: UInt64) -> [URLPropagationStep] {
    guard let pending else { return steps }
    return steps + [URLPropagationStep(pending: pending, nanoseconds: waited)]
  }

  /// Hands over the trace and forgets every node: once a walk ends it holds none, not even by
  /// a handle an app keeps to cancel it, or by a timed-out handler's task that still holds the walk.
  mutating func end() -> [URLPropagationStep] {
    let trace = steps
    steps = []
    visited = VisitedNodes()
    return trace
  }

  /// Replaces the trace, for a walk that ends while a handler is waited on.
  mutating func replaceTrace(with trace: [URLPropagationStep]) {
    steps = trace
  }
}
