public import Foundation

extension ResponderChainNode {
  /// Sends a URL up the responder chain, starting at this node, and returns how it ended.
  ///
  /// The walk starts at the receiver (as UIKit's `target(forAction:withSender:)` does),
  /// visits each node once, asks each ``URLHandler``, and ends at the first decision that
  /// stops it or when the chain runs out. It is iterative: chains of any length are fine.
  ///
  /// ```swift
  /// Task {
  ///   let result = await linkView.propagateURL(url)
  ///   if result.outcome != .handled { print(result) }   // the trace: who decided what
  /// }
  /// ```
  ///
  /// - A handler that does not answer within `options.handlerTimeout` is given up: the
  ///   result is ``URLPropagationResult/Outcome/timedOut`` and names the handler.
  /// - Cancelling the calling task cancels the handler's work and returns
  ///   ``URLPropagationResult/Outcome/cancelled`` at once.
  /// - An identical propagation (same origin, same URL) started while this one is in
  ///   flight joins it: the handlers run once and both callers get the same result. One
  ///   started from inside the walk (by a handler, or a task a handler starts) is a walk of
  ///   its own, never joined. One sent from where the walk's task-local values do not
  ///   follow (`Task.detached`, a dispatch queue, a timer) is a second tap: a handler that
  ///   awaits its own link sent so waits for itself, until the handler timeout.
  /// - A handler that keeps sending links cannot start walks without end, however it sends
  ///   them. A walk started inside 16 others (by a handler, or a task it starts) ends at
  ///   once, `.discarded(reason: "16 walks deep")`; so does a walk started while 16 others
  ///   from the same origin are in flight, wherever it was sent from,
  ///   `.discarded(reason: "16 walks in flight from one origin")`. A joining tap starts no
  ///   walk and is never refused.
  /// - No node is retained past the walk's turn on the main actor: while a handler takes its
  ///   time, the walk holds no node below it, and once the walk ends it holds none. (Until
  ///   then it keeps the nodes it passed, so that none is freed and its address taken by a
  ///   new node for a visited one.)
  ///
  /// - Parameters:
  ///   - url: The URL to propagate.
  ///   - options: Timeout and joining behaviour.
  /// - Returns: The outcome, the final URL and the trace of every node visited.
  public func propagateURL(
    _ url: URL,
    options: URLPropagationOptions = .init()
  ) async -> URLPropagationResult {
    if Task.isCancelled {
      return URLPropagationResult(outcome: .cancelled, url: url, originalURL: url, trace: [])
    }
    let walk = PropagationWalk.joiningOrCreating(url: url, origin: self, options: options)
    let token = walk.reserveToken()
    let startsHere = !walk.hasStarted
    if startsHere {
      // When every handler answers at once the walk finishes right here, and its result is
      // returned without a continuation or a cancellation handler.
      walk.attach(.returning, token: token)
      if let result = walk.result { return result }
    }
    return await withTaskCancellationHandler {
      await withWalkContinuation { continuation in
        if startsHere {
          walk.replaceReturningWaiter(token: token, with: continuation)
        } else {
          walk.attach(.continuation(continuation), token: token)
        }
      }
    } onCancel: {
      // Runs on whatever thread cancels; the walk lives on the main actor.
      Task { @MainActor in walk.cancel(token: token) }
    }
  }
}
