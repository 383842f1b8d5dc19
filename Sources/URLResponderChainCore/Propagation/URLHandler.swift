public import Foundation

/// A responder that may accept, pass on, rewrite or block a URL travelling up the chain.
///
/// Conform a view controller (or any ``ResponderChainNode``) and answer
/// ``handleURL(_:context:)``. The answer may take time: a handler *defers* simply by
/// suspending, for example while it consults a remote allowlist.
///
/// ```swift
/// extension ArticleViewController: URLHandler {
///   func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///     guard url.host == "example.com" else { return .notHandled }
///     present(SFSafariViewController(url: url), animated: true)
///     return .handled
///   }
/// }
/// ```
///
/// ## Answering at once
///
/// Most links are decided without waiting: "not mine", or "mine, open it". Answer those in
/// ``immediateDecision(for:context:)``, which the walk calls first and synchronously, and
/// keep ``handleURL(_:context:)`` for the links that need to wait. A hop through a handler
/// that answers at once costs the walk about twice a hand-written loop's; one that is
/// awaited costs an async call on top.
///
/// ```swift
/// extension ArticleViewController: URLHandler {
///   func immediateDecision(for url: URL, context: URLHandlingContext) -> URLHandlingDecision? {
///     url.host == "example.com" ? nil : .notHandled   // nil: ask handleURL
///   }
///   func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///     guard url.host == "example.com" else { return .notHandled }
///     guard await allowlist.permits(url) else { return .discard(reason: "not allowed") }
///     present(SFSafariViewController(url: url), animated: true)
///     return .handled
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
/// - Return ``URLHandlingDecision/discard(reason:)`` to refuse a URL: the walk stops and
///   nobody opens it. The reason reaches the caller and the trace.
/// - Answer within the propagation's ``URLPropagationOptions/handlerTimeout``. A handler
///   that does not is given up; its eventual answer is ignored.
/// - Honour task cancellation: when the caller cancels, the task running this method is
///   cancelled, and whatever it answers afterwards is ignored.
/// - Do not keep `context` beyond the call; it is only meaningful during it.
/// - Make ``immediateDecision(for:context:)`` agree with ``handleURL(_:context:)``
///   wherever it answers, and keep it quick: it runs on the main thread and, since it
///   cannot suspend, no timeout or cancellation can interrupt it.
@MainActor
public protocol URLHandler: ResponderChainNode {
  /// Decides what happens to a URL that reached this responder.
  ///
  /// - Parameters:
  ///   - url: The URL as it arrives here, after any rewrites by earlier handlers.
  ///   - context: Where the propagation started and with which URL.
  /// - Returns: Whether the URL was handled, passed on, rewritten or discarded.
  func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision

  /// Decides a URL at once, when this handler can, before ``handleURL(_:context:)`` is considered.
  ///
  /// The walk asks this first. A decision ends this handler's turn and
  /// ``handleURL(_:context:)`` is not called; `nil` means "I need to wait", and the walk
  /// then awaits ``handleURL(_:context:)``. The default returns `nil`, so a handler that
  /// does not implement it is always asked asynchronously.
  ///
  /// - Parameters:
  ///   - url: The URL as it arrives here, after any rewrites by earlier handlers.
  ///   - context: Where the propagation started and with which URL.
  /// - Returns: The decision, or `nil` to be asked with ``handleURL(_:context:)``.
  func immediateDecision(for url: URL, context: URLHandlingContext) -> URLHandlingDecision?
}

extension URLHandler {
  /// Returns `nil`: the walk asks ``handleURL(_:context:)``.
  public func immediateDecision(for url: URL, context: URLHandlingContext) -> URLHandlingDecision? { nil }
}
