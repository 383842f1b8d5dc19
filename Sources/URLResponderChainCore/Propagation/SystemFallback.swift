package import Foundation

/// What the application at the end of a chain does with a URL nobody handled: it asks the
/// system to open it, and has handled it exactly when the system did. A link that opened the
/// app (``URLHandlingContext/isInbound``) is passed on instead: sending it back to the
/// browser would bounce the user out of the app.
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
  /// Passes inbound links on; otherwise calls `open` and is handled exactly when it opened.
  @MainActor
  package static func decide(
    _ url: URL, context: URLHandlingContext, open: @MainActor (URL) async -> Bool
  ) async -> URLHandlingDecision {
    guard !context.isInbound else { return .notHandled }
    return await open(url) ? .handled : .notHandled
  }
}
