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
  /// rewrote it), in-app or not as the person prefers; `nil` when no preference is known.
  case systemAction(URL, prefersInApp: Bool?)

  /// The answer for a walk's result; `nil` while the walk goes on.
  ///
  /// - Parameter preference: The person's choice of browser where the link was opened, if
  ///   the view knows one.
  package init(_ result: URLPropagationResult?, preference: LinkOpeningPreference? = nil) {
    guard let result else {
      self = .handled
      return
    }
    switch result.outcome {
    case .handled: self = .handled
    case .notHandled: self = .systemAction(result.url, prefersInApp: preference.map { $0 == .inApp })
    case .discarded, .cancelled, .timedOut: self = .discarded
    }
  }
}
