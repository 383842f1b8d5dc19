import Foundation

/// The way a walk has come: the hop it is at, whether only the system may still be asked, and
/// when the last handler answered.
///
/// The pure part of a walk: which node is asked, what was visited, and what a handler's answer
/// does to the walk. It starts no task, reads no clock (the walk passes the time in) and
/// resumes nobody; ``PropagationWalk`` does that around it. Tested without tasks
/// (`PropagationPathTests`).
///
/// The buffers it writes (the trace, the visited nodes) and the URL are the walk's, passed in:
/// a struct that held them would have no fixed trivial layout (Foundation's `URL` has none in
/// Apple's SDKs, an array needs retains), and would cost its value witnesses, about 1 KB of
/// code in the product every app imports first. This one is three plain words.
struct PropagationPath {
  /// The hop of the node visited last: 0 for the origin, -1 before any.
  private(set) var hop = -1
  /// Whether a handler answered ``URLHandlingDecision/systemAction``: from then on only a
  /// ``SystemURLOpener`` is asked.
  private(set) var asksOnlyTheSystem = false
  /// When the last handler answered, or the walk began: each answer's step records the time since.
  private var lastTick: UInt64 = 0

  /// Room for the trace of most chains (UIKit's run from a view to the application is a few
  /// dozen nodes), reserved once; a longer walk grows it by doubling. Counting the chain
  /// first would cost a second `nextNode` call per node.
  static let initialTraceCapacity = 32

  /// A path that has visited nothing yet.
  init() {}

  /// Makes room for the trace and takes the time the first handler's step counts from.
  mutating func begin(at tick: UInt64, trace: inout [URLPropagationStep]) {
    trace.reserveCapacity(Self.initialTraceCapacity)
    lastTick = tick
  }

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

  /// Takes the next hop, to `node`, records it in `visited`, and says what the walk does there.
  ///
  /// Every handler is asked until one answers ``URLHandlingDecision/systemAction``; from then
  /// on only the application (a ``SystemURLOpener``) is, so that no in-app presenter shows the
  /// link.
  ///
  /// - Parameters:
  ///   - node: The node the walk reached; `nodeID` is its address.
  ///   - held: The nodes visited since the walk last waited, which it still holds.
  ///   - visited: The nodes the walk visited.
  @inline(__always)
  mutating func visit(
    _ node: any ResponderChainNode, nodeID: ObjectIdentifier, held: borrowing HeldNodes,
    in visited: inout VisitedNodes
  ) -> Visit {
    hop &+= 1
    guard visited.insert(nodeID, held: held) else { return .revisit }
    return !asksOnlyTheSystem || node is any SystemURLOpener ? .asks : .passes
  }

  /// Records a handler's answer, given at `tick`, in `trace`, and applies it to the path and
  /// to `url`, the URL the walk carries.
  ///
  /// - Returns: How the walk ends, when the answer ends it; `nil` when it goes on.
  @inline(__always)
  mutating func apply(
    _ decision: URLHandlingDecision, by node: AnyObject, nodeID: ObjectIdentifier, nodeType: any Any.Type,
    at tick: UInt64, to url: inout URL, trace: inout [URLPropagationStep]
  ) -> URLPropagationResult.Outcome? {
    trace.append(
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
}
