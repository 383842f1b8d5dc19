public import Foundation

/// A handler's answer for one URL.
///
/// Compare SwiftUI's `OpenURLAction.Result`: ``handled`` is `.handled`, ``discarded(reason:)``
/// is `.discarded`, ``systemAction`` is `.systemAction`, and ``rewrite(_:)`` is close to
/// `.systemAction(_:)` except that the new URL keeps travelling up the chain instead of going
/// straight to the system.
///
/// ``notHandled`` means "not mine" and nothing more: it is never an approval. A handler that
/// keeps a link from opening answers ``discarded(reason:)`` (nobody opens it) or ``systemAction`` (the
/// system browser opens it), never ``notHandled``, since a responder further up may show
/// whatever reaches it in-app.
public enum URLHandlingDecision: Sendable, Equatable {
  /// The handler accepted the URL. The walk stops and reports success.
  case handled
  /// Not this handler's URL. The walk goes on to the next responder.
  case notHandled
  /// Continue up the chain with another URL, for example after upgrading `http` to
  /// `https` or stripping tracking parameters.
  case rewrite(URL)
  /// Discard the URL. The walk stops and nobody opens it.
  case discarded(reason: String)
  /// The system opens the URL: the walk goes on up the chain to its end (past
  /// `UIApplication`, `NSApplication`), but asks no other handler. The end asks the policy
  /// declared nearest the link's origin, as for a link nobody took, but never shows
  /// it in-app: it opens where the policy says outside the app (its own app first when the
  /// policy tries that, else the system), and nowhere when the policy blocks it. A chain
  /// without an application ends not handled.
  case systemAction
}

extension URLHandlingDecision: CustomStringConvertible {
  /// A short human-readable form, as printed in traces.
  public var description: String {
    switch self {
    case .handled: "handled"
    case .notHandled: "not handled"
    case .rewrite(let url): "rewrite → \(url.absoluteString)"
    case .discarded(let reason): "discarded (\(reason))"
    case .systemAction: "system action"
    }
  }
}
