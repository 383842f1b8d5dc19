import Foundation

/// One propagation's executor: runs the walk's step (``WalkState``), awaits the handlers it
/// stops at and the chain's end (``ChainEnd``), and delivers one result to every waiter.
///
/// The walk goes as far as it can synchronously: nodes that are not handlers, and handlers
/// that answer at once (every ``URLHandler``), are passed without a task, a timer or a
/// suspension, so such a propagation finishes before `propagateURL` returns. Only at the first
/// handler that must be awaited (or at the chain's end, which may open a link or wait for a
/// list) does the walk move into a task of its own, so that a handler that never answers can be
/// given up: the callers wait on the walk, not on the handler. Where `Task.immediate` exists
/// that task starts synchronously too. A watchdog task is started only once a handler
/// suspends; it sleeps until the current handler's deadline and gives it up if it is still
/// waiting then.
///
/// Per hop the walk costs a type lookup for each new class in a row (``NodeKind``), a cast for
/// a handler, one clock read per handler and one trace entry, and keeps the node it passed
/// without a retain (``HeldNodes``).
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
  /// Whether an identical propagation may join this one (``URLPropagationOptions/joinsIdenticalPropagations``).
  let isJoinable: Bool
  private var waiters = PropagationWaiters()
  /// The next walk in flight from the same origin; kept by ``InFlightPropagations``.
  var nextInFlight: PropagationWalk?
  /// How many other walks from the same origin were in flight when this one was registered,
  /// in the main-actor turn it starts in (``inFlightLimit``).
  private var othersInFlight = 0

  /// Where the walk is; changed only through `enter(_:)`.
  private var phase: PropagationPhase
  /// The walk's state, from its start until it finishes.
  private var state: WalkState?
  /// Whether the walk has waited yet (its task suspended in a handler, or was left for a later
  /// main-actor turn). Until then nothing could go away while it ran, so it lets go of
  /// nothing; from then on it lets go of the nodes it holds before each awaited handler.
  private var hasWaited = false
  /// Whether a run of the step goes on; a cancellation meanwhile is answered once the run
  /// stops (``cancel(token:)``).
  private var isRunningStep = false
  /// Waiters cancelled while a run of the step had the state out, and whether that left none.
  private var cancelledDuringRun: [PropagationWaiters.Waiter] = []
  private var endRequested = false
  private var task: Task<Void, Never>?
  private var watchdog: Task<Void, Never>?
  private var startsWatchdogAtFirstHandler = false
  private var startedAt: UInt64 = 0
  /// The propagation's signpost, open only while Instruments (or a test recorder) listens.
  private var propagationInterval: SignpostInterval?

  private init(url: URL, origin: any ResponderChainNode, options: URLPropagationOptions) {
    let start = PropagationOrigin(
      url: url, node: origin, inboundSourceName: options.inboundSourceName, isDryRun: false)
    self.origin = start
    self.phase = .ready(from: origin)
    self.timeout = max(options.handlerTimeout, .zero)
    self.timeoutClock = TimeoutClock(options.clock)
    self.startsImmediatelyWhereAvailable = options.startsImmediatelyWhereAvailable
    self.isJoinable = options.joinsIdenticalPropagations
  }

  /// The in-flight walk an identical propagation should join, or a new, unstarted one,
  /// registered in flight: its first waiter must attach in the same main-actor turn.
  static func joiningOrCreating(
    url: URL,
    origin: any ResponderChainNode,
    options: URLPropagationOptions
  ) -> PropagationWalk {
    // A handler that sends its own URL again from the walk's origin starts a walk of its
    // own: joining would wait on the handler that is waiting.
    if options.joinsIdenticalPropagations, let walk = InFlightPropagations.walk(from: origin, for: url),
      !EnclosingWalks.contain(ObjectIdentifier(walk))
    {
      return walk
    }
    // Every walk is registered, joinable or not, so that each counts towards its origin's
    // walks in flight.
    let walk = PropagationWalk(url: url, origin: origin, options: options)
    walk.othersInFlight = InFlightPropagations.register(walk)
    return walk
  }

  /// Whether a first waiter started the walk.
  var hasStarted: Bool {
    if case .ready = phase { return false }
    return true
  }

  /// Whether the walk ended, for every caller that shares it.
  /// Whether the walk ended, for every caller that shares it: set with the phase
  /// `.finished`, and read on every hop, where matching the phase would copy it.
  private(set) var isFinished = false

  #if DEBUG
    /// How many let-go nodes the walk remembers (weakly): for the tests that a finished walk
    /// remembers none.
    var rememberedNodeCount: Int { state?.visited.rememberedCount ?? 0 }
  #endif

  /// The result, once the walk finished, for the caller that started it without a continuation.
  var result: URLPropagationResult? {
    if case .finished(let result) = phase { return result }
    return nil
  }

  /// Moves the walk to its next phase; a move ``PropagationPhase/allows(_:)`` forbids is a
  /// bug in the walk and stops a debug build (or fails the test that made it:
  /// ``WalkBugReporting``).
  @inline(__always)
  private func enter(_ next: PropagationPhase) {
    #if DEBUG
      if !phase.allows(next) {
        let bug = "a walk cannot go from \(phase.name) to \(next.name)"
        if let report = WalkBugReporting.report { report(bug) } else { assertionFailure(bug) }
      }
    #endif
    // The phase left behind may hold a handler's last reference: it goes after the access.
    var next = next
    swap(&phase, &next)
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

  /// How many other walks from one origin may be in flight when a new one starts, before it
  /// ends at once. The nesting limit follows a handler's sends only through task-local values,
  /// which a detached task, a dispatch queue or a timer does not inherit: a handler that
  /// re-sends from there (and awaits it, or keeps its walk waiting) started thousands of
  /// walks a second, each in flight, memory growing past the first walk's timeout. Counted
  /// per origin, on the main actor where every walk starts, the bound holds however the
  /// link was sent; a second identical tap joins the first and starts no walk.
  static let inFlightLimit = 16

  private func start() {
    guard case .ready(let node) = phase else { return }
    enter(.walking)
    if ChainLog.propagation.isSignposting {
      propagationInterval = ChainLog.propagation.beginInterval(
        "propagation", id: self, "\(self.originalURL.scheme ?? "")")
    }
    startedAt = MonotonicClock.now()
    state = WalkState(origin: origin, at: startedAt, signposting: propagationInterval != nil)
    // Everything the walk runs, its synchronous handlers and the tasks they start as much as
    // its own task and what an awaited handler starts, runs inside it: a propagation made from
    // there never joins it (it would wait on itself, or re-ask a handler without end), and
    // counts towards the nesting limit. One rule, wherever the handler sits in the chain.
    let ran = EnclosingWalks.adding(ObjectIdentifier(self), limit: Self.nestingLimit) {
      guard othersInFlight < Self.inFlightLimit else {
        return finish(.discarded(reason: "16 walks in flight from one origin"))
      }
      guard run(from: node) else { return }
      startTask()
    }
    if !ran { finish(.discarded(reason: "16 walks deep")) }
  }

  /// Moves the walk into a task of its own, to await what it stopped at.
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
          letGoOfHeldNodes()
        }
        return
      }
    #endif
    // Without `Task.immediate` the walk goes on at the next main-actor turn, and nobody can
    // see whether a handler suspended, so the watchdog starts at the first awaited handler.
    startsWatchdogAtFirstHandler = true
    task = Task { await self.walkAsynchronously() }
    letGoOfHeldNodes()
  }

  /// The walk waits: the nodes it holds can go away meanwhile, and it remembers them weakly.
  /// From now on it lets go before every awaited handler, since any of them may suspend.
  private func letGoOfHeldNodes() {
    hasWaited = true
    // No app code runs while the state is accessed: remembering makes weak references.
    let nodes = state?.rememberHeldNodes()
    // Freed here, if nobody else holds them, with no access to the walk open: a node's
    // `deinit` may reach the walk (by cancelling it).
    _ = consume nodes
  }

  // MARK: - Running the step

  /// Runs the step from `node` with the state out of the walk (``state`` says why).
  ///
  /// - Returns: `true` when the walk stopped at something to await (the phase names it),
  ///   `false` when it finished.
  private func run(from node: any ResponderChainNode) -> Bool {
    proceed(after: walk(from: node))
  }

  /// Runs the step from `node`, and answers a cancellation made meanwhile once it stopped.
  ///
  /// The access to the state stays open for the run, and the runtime's exclusivity checks
  /// (SE-0176) stop any other: the app's code that the run calls (handlers, `nextNode`) may
  /// re-enter the walk, but only to cancel it, which waits for the run (``cancel(token:)``).
  private func walk(from node: any ResponderChainNode) -> WalkState.Stop {
    isRunningStep = true
    let stop = state?.walk(from: node, isEnded: { self.endsNow }) ?? .ended
    isRunningStep = false
    if !cancelledDuringRun.isEmpty { answerCancelledDuringRun() }
    return stop
  }

  /// Answers the waiters cancelled while a run went on, with the trace up to the node whose
  /// code cancelled, and ends the walk if none is left.
  private func answerCancelledDuringRun() {
    let cancelled = cancelledDuringRun
    cancelledDuringRun = []
    let trace = state?.trace ?? []
    let url = state?.url ?? originalURL
    if endRequested {
      endRequested = false
      let task = self.task
      task?.cancel()
      finish(.cancelled)
    }
    for waiter in cancelled {
      waiter.resume(with: URLPropagationResult(outcome: .cancelled, url: url, originalURL: originalURL, trace: trace))
    }
  }

  /// Whether the walk ended, or a cancellation during a run asks it to end: what a run of the
  /// step asks after each call into the app's code. One stored flag, read once per hop.
  private var endsNow = false

  /// Acts on where the step stopped: finishes, or records what to await.
  private func proceed(after stop: WalkState.Stop) -> Bool {
    switch stop {
    case .awaiting(let awaited):
      enter(.stopped(at: awaited))
      return true
    case .finished(let outcome):
      finish(outcome)
      return false
    case .ended:
      return false
    }
  }

  /// Awaits what the walk stopped at, then walks on, synchronously where it can, until the
  /// walk finishes.
  private func walkAsynchronously() async {
    // Cancelled or timed out before the task ran: nothing to ask.
    guard case .stopped(var awaited) = phase else { return }
    while true {
      if startsWatchdogAtFirstHandler, watchdog == nil { startWatchdog() }
      // Once the walk has waited, any handler may make it wait again: the nodes below go first,
      // and one of them, freed, may have cancelled the walk.
      if hasWaited {
        letGoOfHeldNodes()
        guard !isFinished else { return }
      }
      let node = awaited.node
      // The timeout runs from this call to its return: not the time the walk waited for the
      // main actor to start it, but every wait of the handler's own, for the main actor too.
      let tick = MonotonicClock.now()
      let askedAt = timeoutClock.now(tick: tick)
      enter(
        .awaiting(
          PendingHandler(nodeID: ObjectIdentifier(node), nodeType: type(of: node), startedAt: tick, askedAt: askedAt)))
      // Asked here, not through a function of the walk's: each `async` call on the main actor
      // costs a check of the executor.
      let decision: URLHandlingDecision
      switch awaited {
      case .handler(let handler):
        let (url, context) = (state?.url ?? originalURL, state?.context ?? URLHandlingContext(origin: origin, hop: 0))
        decision = await handler.decideURL(url, context: context)
      case .chainEnd(let application):
        guard let url = state?.url, let passed = state?.passed else { return finish(.notHandled) }
        decision = await ChainEnd.decide(url, passed: passed, origin: origin, application: application)
      }
      // Given up (timeout) or cancelled while the handler deferred: its answer no longer counts.
      guard !isFinished else { return }
      // An answer returned after the deadline is too late, whether or not the watchdog got the
      // main actor first: which of two waiting jobs runs first must not decide the outcome.
      // (A zero timeout is the watchdog's alone: it gives up every handler that suspends and
      // leaves an answer given without suspending to count.)
      if timeout > .zero, timeoutClock.now(tick: MonotonicClock.now()) - askedAt > timeout { return timeOut() }
      enter(.walking)
      // No app code runs while the answer is applied (a debug build reads a trace name only
      // from the package's own nodes): the state stays in place.
      if let outcome = state?.apply(decision, by: node) { return finish(outcome) }
      guard case .handler(let handler) = awaited else { return finish(.notHandled) }
      // Read after the handler answered: a chain that changed during a deferral is followed as
      // it is now. The app's `nextNode` may end the walk.
      let next = handler.nextNode
      if isFinished { return }
      // Its turn is over: kept with the nodes passed after it, so that a loop back to it is seen.
      state?.held.append(handler)
      // The chain ran out past an awaited handler (the application's delegate): the end.
      let stop = if let next { walk(from: next) } else { state?.ranOut() ?? .ended }
      guard proceed(after: stop), case .stopped(let nextAwaited) = phase else { return }
      awaited = nextAwaited
    }
  }

  // MARK: - Ending

  /// Ends the walk with `outcome` and the trace so far (or `trace`), for every waiter.
  private func finish(_ outcome: URLPropagationResult.Outcome, trace: [URLPropagationStep]? = nil) {
    // Nothing is held once the walk ends, not even by a handle an app keeps to cancel it, or
    // by a timed-out handler's task that ignores its cancellation and still holds the walk.
    var ended = state.take()
    let handlerInterval = ended?.handlerInterval
    if let kinds = ended?.kinds { NodeKindCache.recent = kinds }
    let result = URLPropagationResult(
      outcome: outcome, url: ended?.url ?? originalURL, originalURL: originalURL, trace: trace ?? ended?.takeTrace() ?? [])
    // Finished before anyone is told, so a waiter that cancels or joins meanwhile sees it.
    enter(.finished(result))
    isFinished = true
    endsNow = true
    InFlightPropagations.remove(self)
    let watchdog = self.watchdog
    self.watchdog = nil
    task = nil
    watchdog?.cancel()
    if let waiter = waiters.removeSole() {
      waiter.resume(with: result)
    } else {
      for (_, waiter) in waiters.removeAll() { waiter.resume(with: result) }
    }
    observe(result, handlerInterval: handlerInterval)
    // The nodes go last, with no access to the walk open and the walk finished: a freed
    // node's `deinit` finds nothing left to end.
    _ = consume ended
  }



  /// Logs the result, closes its signposts and tells the observers; each costs a check when
  /// nobody listens.
  private func observe(_ result: URLPropagationResult, handlerInterval: SignpostInterval?) {
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
    guard case .awaiting(let pending) = phase else { return state?.trace ?? [] }
    var trace = state?.trace ?? []
    trace.append(URLPropagationStep(pending: pending, nanoseconds: MonotonicClock.now() &- pending.startedAt))
    return trace
  }

  /// Gives up the current handler because it missed its deadline.
  private func timeOut() {
    guard !isFinished else { return }
    let trace = traceIncludingPending()
    // Through a local: cancelling runs the handler's cancellation handlers.
    let task = self.task
    task?.cancel()
    finish(.timedOut, trace: trace)
  }

  /// Cancels one waiter. The walk itself, and the handler's task, are cancelled when no
  /// waiter is left.
  func cancel(token: Int) {
    guard !isFinished, let waiter = waiters.remove(token: token) else { return }
    if isRunningStep {
      // A run of the step has the state: it stops at its next check, and answers then.
      cancelledDuringRun.append(waiter)
      if waiters.isEmpty {
        endRequested = true
        endsNow = true
      }
      return
    }
    let trace = traceIncludingPending()
    let url = state?.url ?? originalURL
    if waiters.isEmpty {
      let task = self.task
      task?.cancel()
      finish(.cancelled, trace: trace)
    }
    waiter.resume(with: URLPropagationResult(outcome: .cancelled, url: url, originalURL: originalURL, trace: trace))
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
