public import Foundation
import URLResponderChainCore

/// A URL as logs and analytics may see it: scheme and host, never the query or fragment,
/// and the path only where the reader chose to see it.
///
/// Links in documents and chats carry personal data in their paths and queries (document
/// ids, e-mail addresses, tokens). Everything this package logs or hands to a
/// ``URLPropagationObserver`` is redacted this way.
///
/// ```swift
/// let redacted = RedactedURL(URL(string: "https://example.com/users/42?token=abc#top")!)
/// print(redacted)          // https://example.com
/// print(redacted.path)     // /users/42: log it as private, if at all
/// ```
public struct RedactedURL: Sendable, Hashable, CustomStringConvertible {
  /// The log's own redaction of the URL, which this makes public.
  private let redaction: URLRedaction

  /// Redacts `url`.
  ///
  /// - Parameter url: The URL to redact.
  public init(_ url: URL) { redaction = URLRedaction(url) }

  /// The scheme, lowercased (`https`, `mailto`), or an empty string when the URL has none.
  public var scheme: String { redaction.scheme }
  /// The host, lowercased, or `nil` for URLs without one (`mailto:`, `tel:`).
  public var host: String? { redaction.host }
  /// The path. Private: never logged unless the app asked for full URLs in a debug build.
  public var path: String { redaction.path }
  /// `scheme://host`, or `scheme:` for URLs without a host: what is safe to show anyone.
  public var description: String { redaction.description }

  /// Whether both have the same scheme, host and path.
  public static func == (lhs: RedactedURL, rhs: RedactedURL) -> Bool {
    lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.path == rhs.path
  }

  /// Hashes the scheme, host and path.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scheme)
    hasher.combine(host)
    hasher.combine(path)
  }
}
