package import Foundation
import URLResponderChainCore

/// What a link control (`LinkButton`) sends up the chain when tapped: the URL set in code,
/// or else the one written in Interface Builder as text (a user-defined runtime attribute).
/// A control with neither, or with text that is no URL, sends nothing and says so in the log.
package enum LinkTapTarget {
  /// Why a tap sends nothing.
  package enum Problem: Error, Equatable, CustomStringConvertible {
    /// No URL was set, in code or in Interface Builder.
    case noURL
    /// The text written in Interface Builder is not a URL.
    case unreadable(String)

    package var description: String {
      switch self {
      case .noURL: "the link has no URL: set url, or urlString in Interface Builder"
      case .unreadable(let text): "the link's urlString \"\(text.shownEscaped(limit: 80))\" is not a URL"
      }
    }
  }

  /// The URL a tap sends: `url` when set, else `written` without surrounding white space.
  package static func resolve(url: URL?, written: String?) -> Result<URL, Problem> {
    if let url { return .success(url) }
    let text = written?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !text.isEmpty else { return .failure(.noURL) }
    guard let parsed = URL(string: text), parsed.scheme != nil else { return .failure(.unreadable(text)) }
    return .success(parsed)
  }

  /// ``resolve(url:written:)`` for a tap: the URL to send, or `nil` after logging why not.
  package static func urlForTap(url: URL?, written: String?) -> URL? {
    switch resolve(url: url, written: written) {
    case .success(let url): return url
    case .failure(let problem):
      ChainLog.propagation.log(.error, "link tapped, nothing sent: \(problem)")
      return nil
    }
  }
}
