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
  let timeout: Duration
  /// The timeout's clock: the monotonic clock the trace reads, unless the options name another.
  let timeoutClock: TimeoutClock
  let startsImmediatelyWhereAvailable: Bool
  /// Whether an identical propagation may join this one (``URLPropagationOptions/joinsIdenticalPropagations``).
  let isJoinable: Bool
  var waiters = PropagationWaiters()
  /// The next walk in flight from the same origin; kept by ``InFlightPropagations``.
  var nextInFlight: PropagationWalk?
  /// How many other walks from the same origin were in flight when this one was registered,
  /// in the main-actor turn it starts in (``inFlightLimit``).
  var othersInFlight = 0

  /// Where the walk is; changed only through `enter(_:)`.
  var phase: PropagationPhase
  /// The walk's state; a fresh one, holding nothing, before it starts and once it finished.
  var state: WalkState
  /// Whether the walk has waited yet (its task suspended in a handler, or was left for a later
  /// main-actor turn). Until then nothing could go away while it ran, so it lets go of
  /// nothing; from then on it lets go of the nodes it holds before each awaited handler.
  var hasWaited = false
  /// Whether a run of the step goes on; a cancellation meanwhile is answered once the run
  /// stops (``cancel(token:)``).
  var isRunningStep = false
  /// Waiters cancelled while a run of the step went on.
  var cancelledDuringRun: [PropagationWaiters.Waiter] = []
  /// Whether the walk ended, or a cancellation during a run left no waiter and asks it to
  /// end: what a run of the step asks after each call into the app's code (one stored flag,
  /// read once per hop). Set without the walk being finished, it asks for the end.
  var endsNow = false
  var task: Task<Void, Never>?
  var watchdog: Task<Void, Never>?
  var startsWatchdogAtFirstHandler = false
  var startedAt: UInt64 = 0
  /// The propagation's signpost, open only while Instruments (or a test recorder) listens.
  var propagationInterval: SignpostInterval?

  /// A walk, not yet registered in flight: made only by ``joiningOrCreating(url:origin:options:)``.
  init(url: URL, origin: any ResponderChainNode, options: URLPropagationOptions) {
    let start = PropagationOrigin(
      url: url, node: origin, inboundSourceName: options.inboundSourceName, isDryRun: false)
    self.origin = start
    self.phase = .ready(from: origin)
    self.state = WalkState(origin: start, at: 0, signposting: false)
    self.timeout = max(options.handlerTimeout, .zero)
    self.timeoutClock = TimeoutClock(options.clock)
    self.startsImmediatelyWhereAvailable = options.startsImmediatelyWhereAvailable
    self.isJoinable = options.joinsIdenticalPropagations
  }

  /// Whether a first waiter started the walk.
  var hasStarted: Bool {
    if case .ready = phase { return false }
    return true
  }

  /// Whether the walk ended, for every caller that shares it: set with the phase
  /// `.finished`, and read on every hop, where matching the phase would copy it.
  var isFinished = false

  #if DEBUG
    /// How many let-go nodes the walk remembers (weakly): for the tests that a finished walk
    /// remembers none.
    var rememberedNodeCount: Int { state.visited.rememberedCount }
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
  func enter(_ next: PropagationPhase) {
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

  func start() {
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
  func startTask() {
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

  /// The walk waits: the nodes it holds can go away meanwhile (``WalkState/letGoOfHeldNodes()``).
  /// From now on it lets go before every awaited handler, since any of them may suspend.
  func letGoOfHeldNodes() {
    hasWaited = true
    // No app code runs while the state is accessed: remembering makes weak references.
    let nodes = state.letGoOfHeldNodes()
    // Freed here, if nobody else holds them, with no access to the walk open: a node's
    // `deinit` may reach the walk (by cancelling it).
    _ = consume nodes
  }

  // MARK: - Running the step

  /// Runs the step from `node` (``walk(from:)``) and acts on where it stopped.
  ///
  /// - Returns: `true` when the walk stopped at something to await (the phase names it),
  ///   `false` when it finished.
  func run(from node: any ResponderChainNode) -> Bool {
    proceed(after: walk(from: node))
  }

  /// Runs the step from `node`, and answers a cancellation made meanwhile once it stopped.
  ///
  /// The access to the state stays open for the run, and the runtime's exclusivity checks
  /// (SE-0176) stop any other: the app's code that the run calls (handlers, `nextNode`) may
  /// re-enter the walk, but only to cancel it, which waits for the run (``cancel(token:)``).
  func walk(from node: any ResponderChainNode) -> WalkState.Stop {
    isRunningStep = true
    let stop = state.walk(from: node, isEnded: { self.endsNow })
    isRunningStep = false
    if !cancelledDuringRun.isEmpty { answerCancelledDuringRun() }
    // A node let go of as the run stopped may have cancelled the walk (its `deinit`): it ended
    // then, and nothing the run found is asked or applied.
    return isFinished ? .ended : stop
  }

  /// Acts on where the step stopped: finishes, or records what to await.
  func proceed(after stop: WalkState.Stop) -> Bool {
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
  func walkAsynchronously() async {
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
        decision = await handler.decideURL(state.url, context: state.context)
      case .chainEnd(let application):
        decision = await ChainEnd.decide(
          state.url, passed: state.passed, origin: origin, sentToTheSystem: state.onlyTheSystem,
          application: application)
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
      if let outcome = state.apply(decision, by: node) { return finish(outcome) }
      guard case .handler(let handler) = awaited else { return finish(.notHandled) }
      // Read after the handler answered: a chain that changed during a deferral is followed as
      // it is now. The app's `nextNode` may end the walk.
      let next = handler.nextNode
      if isFinished { return }
      // Its turn is over: kept with the nodes passed after it, so that a loop back to it is seen.
      state.held.append(handler)
      // The chain ran out past an awaited handler (the application's delegate): the end.
      let stop = if let next { walk(from: next) } else { state.ranOut() }
      guard proceed(after: stop), case .stopped(let nextAwaited) = phase else { return }
      awaited = nextAwaited
    }
  }
}
