/// Where a ``PropagationWalk`` is. The walk's one record of its progress: it never moves
/// backwards, and it ends exactly once.
///
/// ```
/// ready ──▶ walking ──▶ finished
///              │ ▲          ▲
///              ▼ │          │
///    stopped ──▶ awaiting ──┘
///       └───────────────────┘
/// ```
enum PropagationPhase {
  /// Created; walks from this node when its first waiter attaches.
  case ready(from: any ResponderChainNode)
  /// Passing nodes and asking handlers that answer at once.
  case walking
  /// At a handler that must be awaited, or at the chain's end, which the walk's task has not
  /// asked yet.
  case stopped(at: WalkState.Awaited)
  /// Waiting for the handler's answer.
  case awaiting(PendingHandler)
  /// Ended; every waiter was given this result (a cancelled caller its own copy).
  case finished(URLPropagationResult)

  /// Whether a walk in this phase may move to `next`.
  func allows(_ next: PropagationPhase) -> Bool {
    switch (self, next) {
    case (.ready, .walking),
      (.walking, .stopped), (.walking, .finished),
      (.stopped, .awaiting), (.stopped, .finished),
      (.awaiting, .walking), (.awaiting, .finished):
      true
    default:
      false
    }
  }

  /// The phase's name, for the message of a transition that cannot happen.
  var name: String {
    switch self {
    case .ready: "ready"
    case .walking: "walking"
    case .stopped: "stopped"
    case .awaiting: "awaiting"
    case .finished: "finished"
    }
  }
}
