/// One node visited by a propagation: which node, what it decided, how long it took.
///
/// A step identifies its node by identity and type rather than holding it, so a result
/// kept for debugging never keeps a responder alive.
///
/// ```swift
/// let result = await linkView.propagateURL(url)
/// let step = try #require(result.trace.last)
/// #expect(step.refers(to: viewController))
/// #expect(step.decision == .handled)
/// ```
public struct URLPropagationStep: Sendable {
  /// The identity of the visited node.
  public let nodeID: ObjectIdentifier

  /// The dynamic type of the visited node.
  public let nodeType: any Any.Type

  /// Whether the node is a ``URLHandler`` or an ``AsyncURLHandler`` and was asked.
  public let isURLHandler: Bool

  /// The handler's answer; `nil` for nodes that are not handlers, and for a handler
  /// that was given up (timed out) or cancelled before it answered.
  public let decision: URLHandlingDecision?

  let nanoseconds: UInt64

  /// The name the node gave itself for traces (``TraceNamed``), recorded in debug builds only.
  let nodeLabel: String?

  /// A step for a node that is not a handler (`decision` is `nil`) or for a handler's answer.
  init(
    node: AnyObject, nodeID: ObjectIdentifier, nodeType: any Any.Type, decision: URLHandlingDecision?,
    nanoseconds: UInt64
  ) {
    self.nodeID = nodeID
    self.nodeType = nodeType
    self.isURLHandler = decision != nil
    self.decision = decision
    self.nanoseconds = nanoseconds
    // A release build's walk pays no cast for a name only tests and debugging read.
    #if DEBUG
      self.nodeLabel = (node as? any TraceNamed)?.traceName
    #else
      self.nodeLabel = nil
    #endif
  }

  init(pending: PendingHandler, nanoseconds: UInt64) {
    self.nodeID = pending.nodeID
    self.nodeType = pending.nodeType
    self.isURLHandler = true
    self.decision = nil
    self.nanoseconds = nanoseconds
    self.nodeLabel = nil
  }

  /// The time the node took to answer. Zero for nodes that are not handlers.
  public var duration: Duration { .nanoseconds(Int64(clamping: nanoseconds)) }

  /// Whether this step visited `node`: the same address and the same class. (A step keeps
  /// no reference, so an object allocated where the visited node was freed, with the very
  /// same class, cannot be told from it.)
  public func refers(to node: AnyObject) -> Bool {
    nodeID == ObjectIdentifier(node) && ObjectIdentifier(nodeType) == ObjectIdentifier(type(of: node))
  }

  /// The node's type name, as printed in traces, followed in debug builds by the name the
  /// node gives itself, if any (the test kit's responders do: `TestView "link"`).
  public var nodeName: String {
    guard let nodeLabel else { return String(describing: nodeType) }
    return "\(nodeType) \"\(nodeLabel)\""
  }
}

/// The handler a walk is waiting on, as the watchdog and cancellation see it.
struct PendingHandler {
  let nodeID: ObjectIdentifier
  let nodeType: any Any.Type
  /// When the handler was called, on the monotonic clock the trace is measured on.
  let startedAt: UInt64
  /// When the handler was called, on the timeout's clock.
  let askedAt: Duration
}
