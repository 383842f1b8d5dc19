import Foundation

/// The pure rules of a walk: which node is asked, and what a handler's answer does to the
/// walk. ``VisitedNodes`` keeps the other pure part, what was visited.
///
/// No task, no clock (the walk passes the time in), no waiter: ``PropagationWalk`` runs them
/// and does the rest around them. Tested without tasks (`PropagationRulesTests`).
///
/// Functions over the walk's own state rather than a value the walk stores: a stored struct
/// holding the hop, the trace and the flag cost its value witnesses and type metadata, about
/// 400 bytes of code in the product every app imports first, which keeps to a budget.
package enum PropagationRules {
  /// Whether a node of type `nodeType` is asked: every handler is, until one answers
  /// ``URLHandlingDecision/systemAction``; from then on only the application (a
  /// ``SystemURLOpener``) is, so that no in-app presenter shows the link. Judged on the type,
  /// which the walk has at hand: a cast of the node itself would retain it on every hop.
  /// A long press's dry run (the link views product) asks by the same rule.
  @inline(__always)
  package static func asks(_ nodeType: any ResponderChainNode.Type, onlyTheSystem: Bool) -> Bool {
    !onlyTheSystem || nodeType is any SystemURLOpener.Type
  }

  /// Records a handler's answer, given at `tick`, in `trace` (with the time since `lastTick`,
  /// which becomes `tick`), and applies it to `onlyTheSystem`. A rewrite goes on with its
  /// URL, which the walk carries.
  ///
  /// - Returns: How the walk ends, when the answer ends it; `nil` when it goes on.
  @inline(__always)
  static func apply(
    _ decision: URLHandlingDecision, by node: AnyObject, nodeID: ObjectIdentifier, nodeType: any Any.Type,
    at tick: UInt64, since lastTick: inout UInt64, onlyTheSystem: inout Bool, trace: inout [URLPropagationStep]
  ) -> URLPropagationResult.Outcome? {
    trace.append(
      URLPropagationStep(
        node: node, nodeID: nodeID, nodeType: nodeType, decision: decision, nanoseconds: tick &- lastTick))
    lastTick = tick
    switch decision {
    case .notHandled, .rewrite: return nil
    case .handled: return .handled
    case .discarded(let reason): return .discarded(reason: reason)
    case .systemAction:
      onlyTheSystem = true
      return nil
    }
  }
}
