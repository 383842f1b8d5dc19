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
/// redacted.path            // "/users/42": log it as private, if at all
/// ```
public struct RedactedURL: Sendable, Hashable, CustomStringConvertible {
  /// The scheme, lowercased (`https`, `mailto`), or an empty string when the URL has none.
  public let scheme: String
  /// The host, lowercased, or `nil` for URLs without one (`mailto:`, `tel:`).
  public let host: String?
  /// The path. Private: never logged unless the app asked for full URLs in a debug build.
  public let path: String

  /// Redacts `url`.
  ///
  /// - Parameter url: The URL to redact.
  public init(_ url: URL) {
    self.init(URLRedaction(url))
  }

  /// The log's redaction, made public.
  init(_ redaction: URLRedaction) {
    scheme = redaction.scheme
    host = redaction.host
    path = redaction.path
  }

  /// `scheme://host`, or `scheme:` for URLs without a host: what is safe to show anyone.
  public var description: String { URLRedaction(scheme: scheme, host: host, path: path).description }
}
