/// A propagation started with a completion handler, which can be cancelled.
///
/// Returned by ``ResponderChainNode/propagateURL(_:options:completion:)``. Keeping it is
/// optional; dropping it does not cancel the propagation.
///
/// ```swift
/// let propagation = linkView.propagateURL(url) { result in print(result) }
/// // later, if the link's screen goes away:
/// propagation.cancel()
/// ```
public struct URLPropagation: Sendable {
  let walk: PropagationWalk
  let token: Int

  /// Stops waiting for this propagation.
  ///
  /// The completion runs with ``URLPropagationResult/Outcome/cancelled`` unless it already
  /// ran. If no other caller joined the propagation, the handler that is deciding is
  /// cancelled too and no further handler is asked. Cancelling twice, or after the
  /// completion ran, does nothing.
  @MainActor
  public func cancel() { walk.cancel(token: token) }

  /// Whether the propagation has ended (for every caller that shares it).
  @MainActor
  public var isFinished: Bool { walk.isFinished }
}
