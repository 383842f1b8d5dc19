package import Foundation

/// What SwiftUI is told about a link it handed to the chain, in the words of its
/// `OpenURLAction.Result`.
///
/// Indirect: made once per link SwiftUI opens, and copied as one reference instead of a URL
/// and its flag (0.6 KB less code in the core at `-Osize`).
package indirect enum OpenURLAnswer: Sendable {
  /// The chain took the link, or is still deciding and owns it.
  case handled
  /// A handler discarded it.
  case discarded
  /// Nobody in the chain took it: SwiftUI's own action opens it (rewritten, if a handler
  /// rewrote it) in the system browser; a link the link policy sends nowhere (`file:`,
  /// `javascript:`…) is discarded instead. Never in-app: only the app's link policy, asked by
  /// a presenter in the chain, shows a link in-app.
  case systemAction(URL)

  /// The answer for a walk's result; `nil` while the walk goes on.
  package init(_ result: URLPropagationResult?) {
    guard let result else {
      self = .handled
      return
    }
    switch result.outcome {
    case .handled: self = .handled
    case .notHandled: self = SystemFallback.sendsNowhere(result.url) ? .discarded : .systemAction(result.url)
    case .discarded, .cancelled, .timedOut: self = .discarded
    }
  }
}
