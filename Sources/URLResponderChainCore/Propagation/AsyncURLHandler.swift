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
/// `decideURL` never is, wherever the node sits in the chain (a debug build logs an error
/// naming the type when a walk meets one).
///
/// ```swift
/// final class ArticleScreen: ResponderChainNode, AsyncURLHandler {
///   let nextNode: (any ResponderChainNode)? = nil
///   let expandShortLink: @Sendable (URL) async throws -> URL
///
///   init(expandShortLink: @escaping @Sendable (URL) async throws -> URL) {
///     self.expandShortLink = expandShortLink
///   }
///
///   func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///     // The app's short links are expanded by its server; the declared policy at the chain's
///     // end then decides where the full link opens. One it cannot expand goes on as it is.
///     // The host as the SDK reads it: `S.EXAMPLE.COM` and `s.example.com.` are it too.
///     guard (try? EligibleURL(url))?.host == "s.example.com", let full = try? await expandShortLink(url) else {
///       return .notHandled
///     }
///     return .rewrite(full)
///   }
/// }
/// ```
///
/// Where a link opens, and whether a list blocks it, is the declared ``LinkPolicy``'s to say
/// (a `RemoteAllowlist` goes in the policy: `LinkPolicy(inApp: remoteList)`), never a
/// handler's: the policy waits for the list and fails closed when it cannot be had, while a
/// handler that checks a list and answers `.notHandled` when the check throws lets every
/// link through while the list server is down.
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
