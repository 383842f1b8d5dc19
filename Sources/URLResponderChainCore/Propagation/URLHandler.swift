public import Foundation

/// A responder that accepts, passes on, rewrites or blocks a URL travelling up the chain, and
/// answers at once.
///
/// Conform a view controller (or any ``ResponderChainNode``) and answer
/// ``handleURL(_:context:)``. Most links are decided without waiting ("not mine", or "mine,
/// open it"), and a handler that answers at once costs the walk about as much as a
/// hand-written loop. A handler that must wait, for example while it consults a remote
/// allowlist, conforms to ``AsyncURLHandler`` instead, whose requirement is
/// ``AsyncURLHandler/decideURL(_:context:)``; conform to one of the two. A type that
/// conforms to both is asked through `handleURL` only: its `decideURL` is never called.
///
/// ```swift
/// final class DocumentViewController: UIViewController, URLHandler {
///   func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
///     // What EligibleURL refuses (a user name, an IP address, an unnamed port) opens
///     // nowhere; every other link goes on to the screen that shows links.
///     (try? EligibleURL(url)) == nil ? .discarded(reason: "not a link to trust") : .notHandled
///   }
/// }
/// ```
///
/// ## What conformers must guarantee
///
/// - Return ``URLHandlingDecision/notHandled`` for URLs that are not yours: the link then
///   goes on to the next responder, and finally to the system.
/// - Only return ``URLHandlingDecision/handled`` once you have opened (or started opening)
///   the URL; the walk stops there and the caller is told it succeeded.
/// - When ``URLHandlingContext/isDryRun`` is `true`, answer as for a tap and open nothing: a
///   long press asks what a tap would do, to decide its preview, and only this protocol's
///   handlers are asked then.
/// - Return ``URLHandlingDecision/discarded(reason:)`` to discard a URL: the walk stops and
///   nobody opens it. The reason reaches the caller and the trace.
/// - Keep it quick: it runs on the main thread and, since it cannot suspend, no timeout or
///   cancellation can interrupt it.
/// - Do not keep `context` beyond the call; it is only meaningful during it.
@MainActor
public protocol URLHandler: ResponderChainNode {
  /// Decides at once what happens to a URL that reached this responder.
  ///
  /// - Parameters:
  ///   - url: The URL as it arrives here, after any rewrites by earlier handlers.
  ///   - context: Where the propagation started and with which URL.
  /// - Returns: Whether the URL was handled, passed on, rewritten or discarded.
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision
}
