import Foundation

/// One propagation: walks the chain, asks each handler, and delivers one result to every waiter.
///
/// The walk runs in a task of its own so that a handler that never answers can be given
/// up: the callers wait on the walk, not on the handler. Where `Task.immediate` exists the
/// walk starts synchronously, so a propagation whose handlers all answer without
/// suspending finishes before `propagateURL` returns and never creates a timer. A
/// watchdog task is started only once a handler suspends; it sleeps until the current
/// handler's deadline and gives it up if it is still waiting then.
///
/// Per hop the walk costs one dynamic cast, one clock read per handler and one trace
/// entry; no task, no allocation (the trace is reserved once from the chain's length).
@MainActor
final class PropagationWalk {
  nonisolated let originalURL: URL
  nonisolated let originID: ObjectIdentifier
  nonisolated let inboundSource: InboundLinkSource?
  weak var origin: (any ResponderChainNode)?

  private let timeoutNanoseconds: UInt64
  private let startsImmediatelyWhereAvailable: Bool
  private let key: InFlightPropagations.Key?
  private var startNode: (any ResponderChainNode)?
  private var waiters = PropagationWaiters()
  private var task: Task<Void, Never>?
  private(set) var hasStarted = false

  // The walk's per-hop state. Every access happens on the main actor (the class is
  // isolated to it) and none spans a suspension or calls out while in progress, so
  // accesses can never overlap; the runtime's exclusivity bookkeeping would only cost
  // time on every hop.
  @exclusivity(unchecked) private var currentURL: URL
  @exclusivity(unchecked) private var steps: [URLPropagationStep] = []
  @exclusivity(unchecked) private var visited = VisitedNodes()
  @exclusivity(unchecked) private var pending: PendingHandler?
  @exclusivity(unchecked) private var watchdog: Task<Void, Never>?
  @exclusivity(unchecked) private var startsWatchdogAtFirstHandler = false
  @exclusivity(unchecked) private(set) var isFinished = false
  @exclusivity(unchecked) private var startedAt: UInt64 = 0
  // Signpost intervals, open only while Instruments (or a test recorder) listens.
  @exclusivity(unchecked) private var propagationInterval: SignpostInterval?
  @exclusivity(unchecked) private var handlerInterval: SignpostInterval?

  /// - Parameter walks: `false` for a walk that only carries context (a handler called
  ///   directly in a test): it never runs, so it must not hold its origin strongly.
  init(
    url: URL, origin: any ResponderChainNode, options: URLPropagationOptions, joinable: Bool = false, walks: Bool = true
  ) {
    self.originalURL = url
    self.currentURL = url
    self.originID = ObjectIdentifier(origin)
    self.inboundSource = options.inboundSource
    self.origin = origin
    self.startNode = walks ? origin : nil
    self.timeoutNanoseconds = options.handlerTimeoutNanoseconds
    self.startsImmediatelyWhereAvailable = options.startsImmediatelyWhereAvailable
    self.key = joinable ? InFlightPropagations.Key(originID: ObjectIdentifier(origin), url: url) : nil
  }

  /// The in-flight walk an identical propagation should join, or a new, unstarted one.
  static func joiningOrCreating(
    url: URL,
    origin: any ResponderChainNode,
    options: URLPropagationOptions
  ) -> PropagationWalk {
    guard options.joinsIdenticalPropagations else {
      return PropagationWalk(url: url, origin: origin, options: options)
    }
    let key = InFlightPropagations.Key(originID: ObjectIdentifier(origin), url: url)
    if let walk = InFlightPropagations.walk(for: key) { return walk }
    let walk = PropagationWalk(url: url, origin: origin, options: options, joinable: true)
    InFlightPropagations.register(walk, for: key)
    return walk
  }

  /// A token naming a waiter that will be attached; a cancellation that arrives first is
  /// then recognised by it.
  func reserveToken() -> Int { waiters.reserveToken() }

  /// Adds a waiter under a reserved token and starts the walk if nobody has yet. The
  /// waiter may be resumed before this returns, when no handler suspends.
  func attach(_ waiter: PropagationWaiters.Waiter, token: Int) {
    waiters.add(waiter, token: token)
    if !hasStarted { start() }
  }

  private func start() {
    hasStarted = true
    if ChainLog.propagation.isSignposting {
      propagationInterval = ChainLog.propagation.beginInterval(
        "propagation", id: self, "\(self.originalURL.scheme ?? "")")
    }
    #if compiler(>=6.2)
      if startsImmediatelyWhereAvailable, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let task = Task.immediate { await self.run() }
        if !isFinished {
          self.task = task
          startWatchdog()
        }
        return
      }
    #endif
    // Without `Task.immediate` the walk starts on the next main-actor turn, and nobody can
    // see whether a handler suspended, so the watchdog starts at the first handler.
    startsWatchdogAtFirstHandler = true
    task = Task { await self.run() }
  }

  // MARK: - The walk

  private func run() async {
    guard var node = startNode else { return }
    startNode = nil
    steps.reserveCapacity(Self.estimatedLength(from: node))
    var url = originalURL
    var hop = 0
    var lastTick = MonotonicClock.now()
    startedAt = lastTick
    let signposting = propagationInterval != nil
    while !isFinished {
      guard visited.insert(ObjectIdentifier(node), visitedSoFar: { steps.lazy.map(\.nodeID) }) else { break }
      if let handler = node as? any URLHandler {
        if startsWatchdogAtFirstHandler, watchdog == nil { startWatchdog() }
        pending = PendingHandler(nodeID: ObjectIdentifier(node), nodeType: type(of: node), startedAt: lastTick)
        if signposting {
          handlerInterval = ChainLog.propagation.beginInterval("handler", id: self, String(describing: type(of: node)))
        }
        let decision = await handler.handleURL(url, context: URLHandlingContext(walk: self, hop: hop))
        // Given up (timeout) or cancelled while the handler deferred: its answer no longer counts.
        guard !isFinished else { return }
        pending = nil
        if signposting, let handlerInterval {
          ChainLog.propagation.endInterval("handler", handlerInterval, decision.logDescription)
          self.handlerInterval = nil
        }
        let now = MonotonicClock.now()
        steps.append(
          URLPropagationStep(node: node, isURLHandler: true, decision: decision, nanoseconds: now &- lastTick))
        lastTick = now
        switch decision {
        case .notHandled: break
        case .rewrite(let rewritten):
          url = rewritten
          currentURL = rewritten
        case .handled: return finish(.handled)
        case .discard(let reason): return finish(.discarded(reason: reason))
        }
      } else {
        steps.append(URLPropagationStep(node: node, isURLHandler: false, decision: nil, nanoseconds: 0))
      }
      // Read after the handler answered: a chain that changed during a deferral is followed as it is now.
      guard let next = node.nextNode else { break }
      node = next
      hop += 1
    }
    finish(.unhandled)
  }

  /// The chain's length up to a cap, so the trace is allocated once instead of growing.
  private static func estimatedLength(from node: any ResponderChainNode) -> Int {
    var count = 1
    var next = node.nextNode
    while let current = next, count < 1024 {
      count += 1
      next = current.nextNode
    }
    return count
  }

  // MARK: - Ending

  private func finish(_ outcome: URLPropagationResult.Outcome) {
    guard !isFinished else { return }
    isFinished = true
    pending = nil
    if let key { InFlightPropagations.remove(self, for: key) }
    watchdog?.cancel()
    watchdog = nil
    task = nil
    let result = URLPropagationResult(outcome: outcome, url: currentURL, originalURL: originalURL, trace: steps)
    steps = []
    if let waiter = waiters.removeSole() {
      waiter.resume(with: result)
    } else {
      for waiter in waiters.removeAll() { waiter.resume(with: result) }
    }
    observe(result)
  }

  /// Logs the result, closes its signposts and tells the observers; each costs a check when
  /// nobody listens.
  private func observe(_ result: URLPropagationResult) {
    let startedAt = self.startedAt
    // Read only by a listener's autoclosure, once: no clock read when nobody listens, and
    // the log line and the report agree.
    var measured: Duration?
    func elapsed() -> Duration {
      if let measured { return measured }
      let duration = Duration.nanoseconds(Int64(clamping: MonotonicClock.now() &- startedAt))
      measured = duration
      return duration
    }
    if let handlerInterval {
      ChainLog.propagation.endInterval("handler", handlerInterval, result.outcome.logDescription)
      self.handlerInterval = nil
    }
    if let propagationInterval {
      ChainLog.propagation.endInterval("propagation", propagationInterval, result.outcome.logDescription)
      self.propagationInterval = nil
    }
    ChainLog.propagation.debug(
      result.outcome.logDescription, url: result.url,
      " by \(result.decidingStep?.nodeName ?? "nobody") in \(elapsed().millisecondsDescription), \(result.trace.count) nodes"
    )
    URLPropagationObservers.enqueue(URLPropagationReport(result: result, duration: elapsed()))
  }

  /// The trace so far, plus the handler being waited on, if any.
  private func traceIncludingPending() -> [URLPropagationStep] {
    guard let pending else { return steps }
    let waited = MonotonicClock.now() &- pending.startedAt
    return steps + [URLPropagationStep(pending: pending, nanoseconds: waited)]
  }

  /// Gives up the current handler because it missed its deadline.
  private func timeOut() {
    guard !isFinished else { return }
    steps = traceIncludingPending()
    task?.cancel()
    finish(.timedOut)
  }

  /// Cancels one waiter. The walk itself, and the handler's task, are cancelled when no
  /// waiter is left.
  func cancel(token: Int) {
    guard !isFinished, let waiter = waiters.remove(token: token) else { return }
    let trace = traceIncludingPending()
    if waiters.isEmpty {
      steps = trace
      task?.cancel()
      finish(.cancelled)
    }
    waiter.resume(
      with: URLPropagationResult(outcome: .cancelled, url: currentURL, originalURL: originalURL, trace: trace))
  }

  // MARK: - Timeouts

  private func startWatchdog() {
    guard watchdog == nil, !isFinished else { return }
    watchdog = Task { await self.watch() }
  }

  private func watch() async {
    // Runs only while the walk is suspended in a handler, or after it finished.
    while !isFinished, let pending {
      let deadline = pending.startedAt &+ min(timeoutNanoseconds, UInt64.max - pending.startedAt)
      let now = MonotonicClock.now()
      if now >= deadline { return timeOut() }
      do {
        try await Task.sleep(nanoseconds: deadline - now)
      } catch {
        return
      }
    }
  }
}
