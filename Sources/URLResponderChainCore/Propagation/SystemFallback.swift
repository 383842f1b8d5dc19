package import Foundation

/// What the application at the end of a chain does with a URL nobody handled: it asks the
/// system to open it, and has handled it exactly when the system did. A link that opened the
/// app (``URLHandlingContext/isInbound``) is passed on instead: sending it back to the
/// browser would bounce the user out of the app. A link the link policy sends nowhere
/// (`javascript:`, `data:`, `file:` and the other schemes of a document's own, or text
/// without a scheme: ``LinkPolicy/destination(for:)``) is discarded, never handed to the
/// system, whichever way it got here: a walk nobody handled, a handler's `.systemAction`, or
/// a gate's: it ends `.discarded(reason: "a local scheme")`. On macOS `NSWorkspace.open`
/// launches the app a `file:` URL names.
///
/// `UIApplication`, `NSApplication` and the test kit's `TestApplication` all decide with this;
/// only how they open differs.
///
/// ```swift
/// func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///   await SystemFallback.decide(url, context: context) { await NSWorkspace.shared.open($0) }
/// }
/// ```
package enum SystemFallback {
  /// Passes inbound links on, discards a link the policy sends nowhere; otherwise calls
  /// `open` and is handled exactly when it opened.
  @MainActor
  package static func decide(
    _ url: URL, context: URLHandlingContext, open: @MainActor (URL) async -> Bool
  ) async -> URLHandlingDecision {
    guard !context.isInbound else { return .notHandled }
    if sendsNowhere(url) { return .discarded(reason: "a local scheme") }
    return await open(url) ? .handled : .notHandled
  }

  /// Whether the system may never be handed `url`: the scheme rule of
  /// ``LinkPolicy/destination(for:)`` that every policy shares (a scheme of a document's own, or
  /// none), checked without building a policy.
  package static func sendsNowhere(_ url: URL) -> Bool {
    guard let scheme = LinkScheme.of(url) else { return true }
    return LinkScheme.isDocumentLocal(scheme)
  }
}
