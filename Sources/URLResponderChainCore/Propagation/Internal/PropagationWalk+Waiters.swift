import Foundation

/// Who waits on a walk: joining an identical propagation, the waiters' tokens, and the bounds
/// on how many walks may nest or be in flight.
extension PropagationWalk {
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
}
