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
/// Per hop the walk costs a dynamic cast or two (one for a ``URLHandler``, two for a node
/// that is no handler, and none for the rest of a run of such nodes of one class), one clock
/// read per handler and one trace entry, and keeps the node it passed without a retain
/// (``HeldNodes``); no task, and no allocation beyond three growing buffers: the trace's (32 steps, doubled when full), the
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
  /// Whether an identical propagation may join this one (``URLPropagationOptions/joinsIdenticalPropagations``).
  let isJoinable: Bool
  private var waiters = PropagationWaiters()
  /// The next walk in flight from the same origin; kept by ``InFlightPropagations``.
  var nextInFlight: PropagationWalk?
  /// How many other walks from the same origin were in flight when this one was registered,
  /// in the main-actor turn it starts in (``inFlightLimit``).
  private var othersInFlight = 0

  // The walk's own state, read and written on every hop:
  //
  // - `phase`: where the walk is; changed only through `enter(_:)`.
  // - `currentURL`: the URL as the handlers so far left it.
  // - `hop`: the hop of the node visited last; 0 for the origin, -1 before any.
  // - `lastTick`: when the last handler answered, or the walk began; each answer's step
  //   records the time since.
  // - `steps`: one entry per node visited, in order.
  // - `visited`, `held`: what the walk visited, and the nodes passed since it last waited,
  //   kept alive until it waits or ends (`VisitedNodes` says why).
  // - `hasWaited`: whether the walk has waited yet (its task suspended in a handler, or was
  //   left for a later main-actor turn). Until then nothing could go away while it ran, so it
  //   lets go of nothing: awaited handlers that answer without suspending (SwiftUI's closures,
  //   mostly) cost no weak reference. From then on it lets go before each awaited handler.
  // - `asksOnlyTheSystem`: whether a handler answered `.systemAction`; from then on only a
  //   `SystemURLOpener` is asked (`PropagationRules.asks(_:onlyTheSystem:)`).
  // - `handlerInterval`: the open signpost of the handler being asked.
  // - `task`, `watchdog`, `startsWatchdogAtFirstHandler`: the walk's task and its watchdog.
  //
  //
  // The runtime checks every access to these (SE-0176), in every build: handlers and the app's
  // code re-enter the walk, and a check is what catches an access left open while such code
  // runs. The walk's speed comes from how few accesses a hop makes, not from switching the
  // checks off: a run of nodes keeps what it can in locals (`walkSynchronously`).
  private var phase: PropagationPhase
  private var currentURL: URL
  private var hop = -1
  private var lastTick: UInt64 = 0
  private var steps: [URLPropagationStep] = []
  private var visited = VisitedNodes()
  private var held = HeldNodes()
  private var hasWaited = false
  private var asksOnlyTheSystem = false
  /// The application (a ``SystemURLOpener``) the walk passed, asked only once the chain has
  /// run out past it: its delegate, after it in the chain, is asked first, as UIKit's responder
  /// chain asks it. Weak: the walk holds no node past its turn.
  private weak var chainEnd: (any AsyncURLHandler)?
  /// Whether the application was asked: after it, the walk ends.
  private var askedChainEnd = false
  private var handlerInterval: SignpostInterval?
  private var task: Task<Void, Never>?
  private var watchdog: Task<Void, Never>?
  private var startsWatchdogAtFirstHandler = false
  private var startedAt: UInt64 = 0
  /// The propagation's signpost, open only while Instruments (or a test recorder) listens.
  private var propagationInterval: SignpostInterval?

  private init(url: URL, origin: any ResponderChainNode, options: URLPropagationOptions) {
    self.origin = PropagationOrigin(
      url: url, node: origin, inboundSourceName: options.inboundSourceName, isDryRun: false)
    self.phase = .ready(from: origin)
    self.currentURL = url
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
    lastTick = startedAt
    steps.reserveCapacity(Self.initialTraceCapacity)
    // Everything the walk runs, its synchronous handlers and the tasks they start as much as
    // its own task and what an awaited handler starts, runs inside it: a propagation made from
    // there never joins it (it would wait on itself, or re-ask a handler without end), and
    // counts towards the nesting limit. One rule, wherever the handler sits in the chain.
    let ran = EnclosingWalks.adding(ObjectIdentifier(self), limit: Self.nestingLimit) {
      guard othersInFlight < Self.inFlightLimit else {
        return finish(.discarded(reason: "16 walks in flight from one origin"))
      }
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
    visited.remember(held)
    var nodes = HeldNodes()
    swap(&nodes, &held)
    // Freed here, if nobody else holds them, with no access to the walk open: a node's
    // `deinit` may reach the walk (by cancelling it).
    _ = consume nodes
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
    // The visited nodes are moved out for the run, and go back only before a wait (the end
    // forgets them). The trace stays in place: a cancellation that the app's code makes while
    // the walk runs it (a handler, a node's `nextNode`) reads it.
    var seen = VisitedNodes()
    swap(&seen, &visited)
    let signposting = propagationInterval != nil
    // `take()` moves each node out of the cursor: the walk holds one reference per node,
    // the one `nextNode` returned. When the node's turn is over that reference moves into
    // `held`, which keeps it until the walk waits or ends, so that no node is freed and its
    // address taken by a newcomer while the walk goes on (`VisitedNodes` says why). A handler
    // is kept through its cast, not the node it was cast from: the cast then takes the node's
    // reference instead of retaining it. Moved out of the walk, like the visited nodes.
    var held = HeldNodes()
    swap(&held, &self.held)
    // The last type found to be neither kind of handler: a run of nodes of one class (nested
    // views) is cast once. A class's conformances do not change, and each failed cast is a
    // lookup in the runtime's conformance cache, the largest part of such a node's hop.
    var plainType: ObjectIdentifier?
    while let node = cursor.take() {
      let nodeID = ObjectIdentifier(node)
      let nodeType = type(of: node)
      let typeID = ObjectIdentifier(nodeType)
      hop &+= 1
      guard seen.insert(nodeID, held: held) else { break }
      if typeID != plainType, PropagationRules.asks(nodeType, onlyTheSystem: onlyTheSystem) {
        if typeID != awaitedType, let handler = node as? any URLHandler {
          // The app's code the walk ran since the last check (a node's `nextNode` or `deinit`)
          // may have ended the walk: a handler is never asked after that.
          if endedMeanwhile() { return false }
          #if DEBUG
            if handler is any AsyncURLHandler { Self.reportBothHandlerProtocols(nodeType) }
          #endif
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
          continue
        }
        if let handler = node as? any AsyncURLHandler {
          // The application is the chain's end: passed now, asked once the chain runs out, so
          // that its delegate's handlers are asked before anything opens. A handler of the type
          // just awaited is no application (the application is awaited last), so a run of
          // SwiftUI modifiers pays the conformance lookup once.
          if typeID != awaitedType, chainEnd == nil, !askedChainEnd, handler is any SystemURLOpener {
            chainEnd = handler
            cursor = handler.nextNode
            held.append(consume handler)
            continue
          }
          if endedMeanwhile() { return false }
          if signposting { beginHandlerInterval(handler) }
          // The phase holds the handler until it is asked; the walk keeps what it holds, and
          // lets go of it only once it waits (`letGoOfHeldNodes()`).
          swap(&seen, &visited)
          swap(&held, &self.held)
          enter(.stopped(at: handler))
          return true
        }
        plainType = typeID
      }
      steps.append(URLPropagationStep(node: node, nodeID: nodeID, nodeType: nodeType, decision: nil, nanoseconds: 0))
      cursor = node.nextNode
      held.append(consume node)
    }
    if endedMeanwhile() { return false }
    // The chain ran out: the application passed on the way, if it is still there, is asked last.
    if let end = chainEnd, !askedChainEnd {
      askedChainEnd = true
      if signposting { beginHandlerInterval(end) }
      swap(&seen, &visited)
      swap(&held, &self.held)
      enter(.stopped(at: end))
      return true
    }
    finish(.notHandled)
    return false
  }

  /// Whether the app's code that the walk ran (a node's `nextNode` or `deinit`, where a
  /// propagation can be cancelled) ended it. The steps of the nodes passed since then are
  /// dropped: a finished walk holds nothing, and they count for no result.
  private func endedMeanwhile() -> Bool {
    guard isFinished else { return false }
    steps = []
    return true
  }

  /// Awaits the handler the walk stopped at, then walks on, synchronously where it can,
  /// until the walk finishes.
  private func walkAsynchronously() async {
    // Cancelled or timed out before the task ran: nothing to ask.
    guard case .stopped(var handler) = phase else { return }
    while true {
      if startsWatchdogAtFirstHandler, watchdog == nil { startWatchdog() }
      // Once the walk has waited, any handler may make it wait again: the nodes below go first,
      // and one of them, freed, may have cancelled the walk.
      if hasWaited {
        letGoOfHeldNodes()
        guard !isFinished else { return }
      }
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
      var onlyTheSystem = asksOnlyTheSystem
      let ended = record(
        decision, node: handler, nodeID: ObjectIdentifier(handler), nodeType: type(of: handler),
        onlyTheSystem: &onlyTheSystem)
      asksOnlyTheSystem = onlyTheSystem
      if ended { return }
      // The application was the last to be asked: the chain beyond it was walked before it.
      if askedChainEnd { return finish(.notHandled) }
      // Read after the handler answered: a chain that changed during a deferral is followed as
      // it is now. The app's `nextNode` may end the walk.
      let next = handler.nextNode
      if endedMeanwhile() { return }
      guard let next else {
        // The chain ran out past an awaited handler (the application's delegate): the
        // application passed on the way is asked last, as `walkSynchronously` asks it.
        guard let end = chainEnd, !askedChainEnd else { return finish(.notHandled) }
        askedChainEnd = true
        held.append(handler)
        if propagationInterval != nil { beginHandlerInterval(end) }
        enter(.stopped(at: end))
        handler = end
        continue
      }
      // Its turn is over: kept with the nodes passed after it, so that a loop back to it is seen.
      held.append(handler)
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
    // The tick and the trace through locals: no access to the walk is open while the step is
    // made (a debug build asks the node for its trace name).
    var tick = lastTick
    var trace: [URLPropagationStep] = []
    swap(&trace, &steps)
    let outcome = PropagationRules.apply(
      decision, by: node, nodeID: nodeID, nodeType: nodeType, at: MonotonicClock.now(), since: &tick,
      onlyTheSystem: &onlyTheSystem, trace: &trace)
    swap(&trace, &steps)
    lastTick = tick
    guard let outcome else { return false }
    finish(outcome)
    return true
  }

  /// Says, in a debug build, that a node of `type` conforms to both handler protocols: a walk
  /// asks its `handleURL(_:context:)` and never its `decideURL(_:context:)`, which a reader of
  /// the class would not guess.
  @inline(never)
  private static func reportBothHandlerProtocols(_ type: any ResponderChainNode.Type) {
    ChainLog.propagation.log(
      .error,
      "\(type) conforms to both URLHandler and AsyncURLHandler: walks ask its handleURL(_:context:) "
        + "and never its decideURL(_:context:); conform to one")
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
    var nodes = HeldNodes()
    swap(&nodes, &held)
    // Finished before anyone is told, so a waiter that cancels or joins meanwhile sees it.
    enter(.finished(result))
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
    observe(result)
    // The nodes go last, with no access to the walk open and the walk finished: a freed
    // node's `deinit` finds nothing left to end.
    _ = consume nodes
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
    // Through a local: cancelling runs the handler's cancellation handlers.
    let task = self.task
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
      let task = self.task
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
