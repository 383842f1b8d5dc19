public import Foundation

extension ResponderChainNode {
  /// Sends a URL up the responder chain and calls `completion` with how it ended.
  ///
  /// The completion-handler form of ``propagateURL(_:options:)``, with the same walk and
  /// guarantees. `completion` runs exactly once, on the main actor. When every handler on
  /// the way is a ``URLHandler`` (which answers at once), it runs before this method
  /// returns; so it does when no ``AsyncURLHandler`` suspends, on systems with
  /// `Task.immediate`.
  ///
  /// ```swift
  /// @MainActor func linkTapped() {
  ///   linkView.propagateURL(url) { result in
  ///     if case .discarded(let reason) = result.outcome { showBanner(reason) }
  ///   }
  /// }
  ///
  /// @MainActor func helpTapped() {
  ///   linkView.propagateURL(helpURL)   // fire and forget: the chain decides, nothing to report
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL to propagate.
  ///   - options: Timeout and joining behaviour.
  ///   - completion: Called once with the result, on the main actor. Leave it out to fire
  ///     and forget.
  /// - Returns: A handle that can cancel the propagation.
  @discardableResult
  public func propagateURL(
    _ url: URL,
    options: URLPropagationOptions = .init(),
    completion: @escaping @MainActor @Sendable (URLPropagationResult) -> Void = { _ in }
  ) -> URLPropagation {
    let walk = PropagationWalk.joiningOrCreating(url: url, origin: self, options: options)
    let token = walk.reserveToken()
    walk.attach(.completion(completion), token: token)
    return URLPropagation(walk: walk, token: token)
  }
}
