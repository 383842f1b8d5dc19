public import Foundation

/// A responder that may take its time to accept, pass on, rewrite or block a URL travelling
/// up the chain: it *defers* simply by suspending, for example while it consults a remote
/// allowlist.
///
/// The walk awaits ``decideURL(_:context:)`` under the propagation's timeout and
/// cancellation; meanwhile the caller waits on the walk, never on the handler. A handler that
/// always answers at once should be a ``URLHandler``, which costs less per hop; conform to
/// one of the two. The two requirements have different names (`decideURL` here,
/// `handleURL` there), so a method written for one never silently satisfies the other. A
/// type that conforms to both is a ``URLHandler`` to every walk: `handleURL` is asked and
/// `decideURL` never is, wherever the node sits in the chain.
///
/// ```swift
/// extension ArticleViewController: AsyncURLHandler {
///   func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///     // Waits for the remote list and discards what a deny rule matches. The rest goes on
///     // up the chain, and `UIApplication` at its end shows it where the declared policy
///     // says: no handler presents.
///     if case .blocked(let rule)? = try? await remote.check(url) { return .discarded(reason: "blocked by \(rule)") }
///     return .notHandled
///   }
/// }
/// ```
///
/// ## What conformers must guarantee
///
/// Everything a ``URLHandler`` guarantees, and:
///
/// - Answer within the propagation's ``URLPropagationOptions/handlerTimeout``. A handler
///   that does not is given up; its eventual answer is ignored.
/// - Honour task cancellation: when the caller cancels, the task running this method is
///   cancelled, and whatever it answers afterwards is ignored.
@MainActor
public protocol AsyncURLHandler: ResponderChainNode {
  /// Decides what happens to a URL that reached this responder, suspending while it needs to.
  ///
  /// - Parameters:
  ///   - url: The URL as it arrives here, after any rewrites by earlier handlers.
  ///   - context: Where the propagation started and with which URL.
  /// - Returns: Whether the URL was handled, passed on, rewritten or discarded.
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision
}
