import Foundation

/// One propagation: walks the chain, asks each handler, and delivers one result to every waiter.
///
/// The walk goes as far as it can synchronously: nodes that are not handlers, and handlers
/// that answer at once (every ``URLHandler``), are passed without a task,
/// a timer or a suspension, so such a propagation finishes before `propagateURL` returns.
/// Only at the first handler that must be awaited does the walk move into a task of its
/// own, so that a handler that never answers can be given up: the callers wait on the
/// walk, not on the handler. Where `Task.immediate` exists that task starts synchronously
/// too. A watchdog task is started only once a handler suspends; it sleeps until the
/// current handler's deadline and gives it up if it is still waiting then.
///
/// Per hop the walk costs one dynamic cast, one clock read per handler and one trace
/// entry, and keeps the node it passed without a retain (``HeldNodes``); no task, and no
/// allocation beyond three growing buffers: the trace's (32 steps, doubled when full), the
/// held nodes' (32 nodes at the first node passed between waits, doubled when full) and the
/// nodes remembered at waits (``VisitedNodes``, doubled when full).
@MainActor
final class PropagationWalk {
  /// Where the propagation began; shared with the contexts handed to handlers.
  nonisolated let origin: PropagationOrigin
  nonisolated var originalURL: URL { origin.originalURL }
  nonisolated var originID: ObjectIdentifier { origin.originID }

  /// How long one awaited handler may take; never negative.
  private let timeout: Duration
  /// The timeout's clock: the monotonic clock the trace reads, unless the options name another.
  private let timeoutClock: TimeoutClock
  private let startsImmediatelyWhereAvailable: Bool
  private let isRegistered: Bool
  private var waiters = PropagationWaiters()
  private var task: Task<Void, Never>?
  /// The next walk in flight from the same origin; kept by ``InFlightPropagations``.
  var nextInFlight: PropagationWalk?

  /// Where the walk is; changed only through ``enter(_:)``.
  private var phase: PropagationPhase
  /// The URL as the handlers so far left it.
  private var currentURL: URL
  /// The hop of the node visited last: 0 for the origin, -1 before any.
  private var hop = -1
  /// When the last handler answered, or the walk began: each answer's step records the time since.
  private var lastTick: UInt64 = 0
  /// One entry per node visited, in order.
  private var steps: [URLPropagationStep] = []
  private var visited = VisitedNodes()
  /// Whether a handler answered ``URLHandlingDecision/systemAction``: from then on only a
  /// ``SystemURLOpener`` is asked (``PropagationRules/asks(_:onlyTheSystem:)``).
  private var asksOnlyTheSystem = false
  /// The open signpost of the handler being asked; read at every handler's answer.
  private var handlerInterval: SignpostInterval?
  // Read once per propagation or per awaited handler: the checks cost nothing measurable.
  private var watchdog: Task<Void, Never>?
  private var startsWatchdogAtFirstHandler = false
  private var startedAt: UInt64 = 0
  /// The propagation's signpost, open only while Instruments (or a test recorder) listens.
  private var propagationInterval: SignpostInterval?

  init(url: URL, origin: any ResponderChainNode, options: URLPropagationOptions, registered: Bool = false) {
    self.origin = PropagationOrigin(
      url: url, node: origin, inboundSourceName: options.inboundSourceName, isDryRun: false)
    self.phase = .ready(from: origin)
    self.currentURL = url
    self.timeout = max(options.handlerTimeout, .zero)
    self.timeoutClock = TimeoutClock(options.clock)
    self.startsImmediatelyWhereAvailable = options.startsImmediatelyWhereAvailable
    self.isRegistered = registered
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
    // A handler that sends its own URL again from the walk's origin starts a walk of its
    // own: joining would wait on the handler that is waiting.
    if let walk = InFlightPropagations.walk(from: origin, for: url), !EnclosingWalks.contain(ObjectIdentifier(walk)) {
      return walk
    }
    let walk = PropagationWalk(url: url, origin: origin, options: options, registered: true)
    InFlightPropagations.register(walk)
    return walk
  }

  /// Whether a first waiter started the walk.
  var hasStarted: Bool {
    if case .ready = phase { return false }
    return true
  }

  /// Whether the walk ended, for every caller that shares it.
  var isFinished: Bool {
    if case .finished = phase { return true }
    return false
  }

  #if DEBUG
    /// How many let-go nodes the walk remembers (weakly): for the tests that a finished walk
    /// remembers none.
    var rememberedNodeCount: Int { visited.rememberedCount }
  #endif

  /// The result, once the walk finished, for the caller that started it without a continuation.
  var result: URLPropagationResult? {
    if case .finished(let result) = phase { return result }
    return nil
  }

  /// Moves the walk to its next phase; a move ``PropagationPhase/allows(_:)`` forbids is a
  /// bug in the walk and stops a debug build.
  @inline(__always)
  private func enter(_ next: PropagationPhase) {
    assert(phase.allows(next), "a walk cannot go from \(phase.name) to \(next.name)")
    phase = next
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

  /// Gives the caller that started the walk a continuation to be resumed with, in place of
  /// the ``PropagationWaiters/Waiter/returning`` waiter it started with.
  func replaceReturningWaiter(token: Int, with continuation: WalkContinuation) {
    if let result { return continuation.resume(returning: result) }
    // It was attached in the same main-actor turn: only a bug loses it, and in a debug build
    // the checked continuation then reports the leak by name instead of hanging silently.
    let attached = waiters.replace(token: token, with: .continuation(continuation))
    assert(attached, "no waiter is attached under token \(token)")
  }

  /// How many walks may enclose a new one (``EnclosingWalks``: in their task or on their
  /// stack) before it ends at once: a handler that sends a link again (its own, or a fresh one
  /// each time) from inside its walk would otherwise recurse without end, and with
  /// `Task.immediate` every new walk starts on the same stack.
  static let nestingLimit = 16

  private func start() {
    guard case .ready(let node) = phase else { return }
    enter(.walking)
    if ChainLog.propagation.isSignposting {
      propagationInterval = ChainLog.propagation.beginInterval(
        "propagation", id: self, "\(self.originalURL.scheme ?? "")")
    }
    startedAt = MonotonicClock.now()
    lastTick = startedAt
    steps.reserveCapacity(Self.initialTraceCapacity)
    // Everything the walk runs, its synchronous handlers and the tasks they start as much as
    // its own task and what an awaited handler starts, runs inside it: a propagation made from
    // there never joins it (it would wait on itself, or re-ask a handler without end), and
    // counts towards the nesting limit. One rule, wherever the handler sits in the chain.
    let ran = EnclosingWalks.adding(ObjectIdentifier(self), limit: Self.nestingLimit) {
      guard walkSynchronously(from: node) else { return }
      startTask()
    }
    if !ran { finish(.discarded(reason: "16 walks deep")) }
  }

  /// Moves the walk into a task of its own, to await the handler it stopped at.
  private func startTask() {
    #if compiler(>=6.2)
      if startsImmediatelyWhereAvailable, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let task = Task.immediate { await self.walkAsynchronously() }
        if isFinished {
          // Cancelled (or given up) before the handler first suspended, when there was no
          // task yet to cancel: the handler's work is cancelled now, as it would have been.
          task.cancel()
        } else {
          self.task = task
          startWatchdog()
        }
        return
      }
    #endif
    // Without `Task.immediate` the walk goes on at the next main-actor turn, and nobody can
    // see whether a handler suspended, so the watchdog starts at the first awaited handler.
    startsWatchdogAtFirstHandler = true
    task = Task { await self.walkAsynchronously() }
  }

  // MARK: - The walk

  /// Walks from `start` while each node is not a handler or answers at once.
  ///
  /// - Parameter awaitedType: The type of the handler the walk just awaited, if any. Its
  ///   nodes are not ``URLHandler``s (it was awaited because it is not), so they are not cast
  ///   to one: in a run of awaited handlers of one type, that lookup was a tenth of each hop.
  /// - Returns: `true` when the walk stopped at a handler that must be awaited (the phase
  ///   names it), `false` when it finished.
  private func walkSynchronously(from start: any ResponderChainNode, after awaitedType: ObjectIdentifier? = nil) -> Bool
  {
    var cursor: (any ResponderChainNode)? = start
    // Locals, written back where the walk stops: reading a class's properties around calls
    // that could change them costs an exclusivity check each (and a retain for the URL).
    var url = currentURL
    var hop = self.hop
    var onlyTheSystem = asksOnlyTheSystem
    defer {
      self.hop = hop
      asksOnlyTheSystem = onlyTheSystem
    }
    let signposting = propagationInterval != nil
    // `take()` moves each node out of the cursor: the walk holds one reference per node,
    // the one `nextNode` returned. When the node's turn is over that reference moves into
    // `held`, which keeps it until the walk waits or ends, so that no node is freed and its
    // address taken by a newcomer while the walk goes on (`VisitedNodes` says why). A handler
    // is kept through its cast, not the node it was cast from: the cast then takes the node's
    // reference instead of retaining it.
    var held = HeldNodes()
    while let node = cursor.take() {
      let nodeID = ObjectIdentifier(node)
      let nodeType = type(of: node)
      hop &+= 1
      guard visited.insert(nodeID, held: held) else { break }
      let asks = PropagationRules.asks(nodeType, onlyTheSystem: onlyTheSystem)
      if asks, ObjectIdentifier(nodeType) != awaitedType, let handler = node as? any URLHandler {
        if signposting { beginHandlerInterval(handler) }
        let decision = handler.handleURL(url, context: URLHandlingContext(origin: origin, hop: hop))
        // A handler may have ended the walk while it answered (by cancelling it through a
        // propagation that joined it); its answer then no longer counts.
        guard !isFinished else { return false }
        if record(decision, node: handler, nodeID: nodeID, nodeType: nodeType, onlyTheSystem: &onlyTheSystem) {
          return false
        }
        if case .rewrite(let rewritten) = decision { url = rewritten }
        cursor = handler.nextNode
        held.append(consume handler)
      } else if asks, let handler = node as? any AsyncURLHandler {
        if signposting { beginHandlerInterval(handler) }
        // The phase holds the handler until it is asked; the walk lets go of the nodes below.
        visited.letGo(&held, then: handler)
        enter(.stopped(at: handler))
        return true
      } else {
        steps.append(
          URLPropagationStep(node: node, nodeID: nodeID, nodeType: nodeType, decision: nil, nanoseconds: 0))
        cursor = node.nextNode
        held.append(consume node)
      }
    }
    finish(.notHandled)
    return false
  }

  /// Awaits the handler the walk stopped at, then walks on, synchronously where it can,
  /// until the walk finishes.
  private func walkAsynchronously() async {
    // Cancelled or timed out before the task ran: nothing to ask.
    guard case .stopped(var handler) = phase else { return }
    while true {
      if startsWatchdogAtFirstHandler, watchdog == nil { startWatchdog() }
      // The timeout runs from this call to its return: not the time the walk waited for the
      // main actor to start it, but every wait of the handler's own, for the main actor too.
      let tick = MonotonicClock.now()
      let askedAt = timeoutClock.now(tick: tick)
      enter(
        .awaiting(
          PendingHandler(
            nodeID: ObjectIdentifier(handler), nodeType: type(of: handler), startedAt: tick, askedAt: askedAt)))
      let decision = await handler.decideURL(currentURL, context: URLHandlingContext(origin: origin, hop: hop))
      // Given up (timeout) or cancelled while the handler deferred: its answer no longer counts.
      guard !isFinished else { return }
      // An answer returned after the deadline is too late, whether or not the watchdog got the
      // main actor first: which of two waiting jobs runs first must not decide the outcome.
      // (A zero timeout is the watchdog's alone: it gives up every handler that suspends and
      // leaves an answer given without suspending to count.)
      if timeout > .zero, timeoutClock.now(tick: MonotonicClock.now()) - askedAt > timeout { return timeOut() }
      enter(.walking)
      let handlerID = ObjectIdentifier(handler)
      if record(
        decision, node: handler, nodeID: handlerID, nodeType: type(of: handler), onlyTheSystem: &asksOnlyTheSystem)
      {
        return
      }
      // Read after the handler answered: a chain that changed during a deferral is followed as it is now.
      guard let next = handler.nextNode else { return finish(.notHandled) }
      guard walkSynchronously(from: next, after: ObjectIdentifier(type(of: handler))),
        case .stopped(let awaited) = phase
      else { return }
      handler = awaited
    }
  }

  /// Adds a handler's answer to the trace, applies it (``PropagationRules``) and ends the
  /// walk if the answer ends it.
  ///
  /// - Returns: Whether the answer ended the walk.
  @inline(__always)
  private func record(
    _ decision: URLHandlingDecision, node: AnyObject, nodeID: ObjectIdentifier, nodeType: any Any.Type,
    onlyTheSystem: inout Bool
  ) -> Bool {
    if let handlerInterval {
      ChainLog.propagation.endInterval("handler", handlerInterval, decision.logDescription)
      self.handlerInterval = nil
    }
    switch decision {
    case .rewrite(let rewritten): currentURL = rewritten
    case .systemAction: origin.wasSentToTheSystem = true
    default: break
    }
    // The tick through a local: two accesses held at once (the trace's and the tick's) would
    // make the runtime's exclusivity check of each hop search a longer set.
    var tick = lastTick
    let outcome = PropagationRules.apply(
      decision, by: node, nodeID: nodeID, nodeType: nodeType, at: MonotonicClock.now(), since: &tick,
      onlyTheSystem: &onlyTheSystem, trace: &steps)
    lastTick = tick
    guard let outcome else { return false }
    finish(outcome)
    return true
  }

  /// Room for the trace of most chains (UIKit's run from a view to the application is a few
  /// dozen nodes), reserved once; a longer walk grows it by doubling. Counting the chain
  /// first would cost a second `nextNode` call per node.
  private static let initialTraceCapacity = 32

  private func beginHandlerInterval(_ handler: any ResponderChainNode) {
    handlerInterval = ChainLog.propagation.beginInterval("handler", id: self, String(describing: type(of: handler)))
  }

  // MARK: - Ending

  private func finish(_ outcome: URLPropagationResult.Outcome) {
    let result = URLPropagationResult(outcome: outcome, url: currentURL, originalURL: originalURL, trace: steps)
    steps = []
    // Nothing is held once the walk ends, not even by a handle an app keeps to cancel it, or
    // by a timed-out handler's task that ignores its cancellation and still holds the walk.
    visited = VisitedNodes()
    // Finished before anyone is told, so a waiter that cancels or joins meanwhile sees it.
    enter(.finished(result))
    if isRegistered { InFlightPropagations.remove(self) }
    watchdog?.cancel()
    watchdog = nil
    task = nil
    if let waiter = waiters.removeSole() {
      waiter.resume(with: result)
    } else {
      for (_, waiter) in waiters.removeAll() { waiter.resume(with: result) }
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
    PropagationObservation.didFinish?(result, elapsed())
  }

  /// The trace so far, plus the handler being waited on, if any.
  private func traceIncludingPending() -> [URLPropagationStep] {
    guard case .awaiting(let pending) = phase else { return steps }
    var trace = steps
    trace.append(URLPropagationStep(pending: pending, nanoseconds: MonotonicClock.now() &- pending.startedAt))
    return trace
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

  // The watchdog: a task that sleeps until the awaited handler's deadline and gives it up if
  // the walk still waits for it then. Started only once a handler suspends.
  private func startWatchdog() {
    guard watchdog == nil, !isFinished else { return }
    watchdog = Task { await self.watch() }
  }

  private func watch() async {
    // Runs only while the walk is suspended in a handler, or after it finished.
    while case .awaiting(let pending) = phase {
      let left = pending.askedAt + timeout - timeoutClock.now(tick: MonotonicClock.now())
      if left <= .zero { return timeOut() }
      do {
        // In steps of a day at most: a clock may not be able to sleep until a deadline
        // centuries away (a `Duration` holds far more seconds than a clock's instant).
        try await timeoutClock.sleep(min(left, Self.longestSleep))
      } catch {
        return
      }
    }
  }

  private static var longestSleep: Duration { .seconds(86_400) }
}
