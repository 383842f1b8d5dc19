import Foundation

/// How a walk ends: once, for every waiter, by an answer, a cancellation or a timeout.
extension PropagationWalk {
  /// Ends the walk with `outcome` and the trace so far (or `trace`), for every waiter.
  func finish(_ outcome: URLPropagationResult.Outcome, trace: [URLPropagationStep]? = nil) {
    // Nothing is held once the walk ends, not even by a handle an app keeps to cancel it, or
    // by a timed-out handler's task that ignores its cancellation and still holds the walk.
    var ended = WalkState(origin: origin, at: 0, signposting: false)
    swap(&ended, &state)
    let handlerInterval = ended.handlerInterval
    NodeKindCache.recent = ended.kinds
    let result = URLPropagationResult(
      outcome: outcome, url: ended.url, originalURL: originalURL, trace: trace ?? ended.takeTrace())
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
  func observe(_ result: URLPropagationResult, handlerInterval: SignpostInterval?) {
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
  func traceIncludingPending() -> [URLPropagationStep] {
    guard case .awaiting(let pending) = phase else { return state.trace }
    var trace = state.trace
    trace.append(URLPropagationStep(pending: pending, nanoseconds: MonotonicClock.now() &- pending.startedAt))
    return trace
  }

  /// Gives up the current handler because it missed its deadline.
  func timeOut() {
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
      if waiters.isEmpty { endsNow = true }
      return
    }
    let trace = traceIncludingPending()
    let url = state.url
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
  func startWatchdog() {
    guard watchdog == nil, !isFinished else { return }
    watchdog = Task { await self.watch() }
  }

  func watch() async {
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

  static var longestSleep: Duration { .seconds(86_400) }

  /// Answers the waiters cancelled while a run went on, with the trace up to the node whose
  /// code cancelled, and ends the walk if none is left.
  func answerCancelledDuringRun() {
    let cancelled = cancelledDuringRun
    cancelledDuringRun = []
    let trace = state.trace
    let url = state.url
    if endsNow, !isFinished {
      let task = self.task
      task?.cancel()
      finish(.cancelled)
    }
    for waiter in cancelled {
      waiter.resume(with: URLPropagationResult(outcome: .cancelled, url: url, originalURL: originalURL, trace: trace))
    }
  }
}
