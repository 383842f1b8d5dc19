package import Foundation

/// A URL as the package's log may show it: scheme and host public, the path private, the
/// query and fragment never. The observability product's `RedactedURL` is this, made public.
package final class URLRedaction: Sendable, CustomStringConvertible {
  // A class: never changed, and a `RedactedURL` or a log line copies one reference instead
  // of three strings (less code in the core at `-Osize`).

  /// The scheme, lowercased, or an empty string when the URL has none.
  package let scheme: String
  /// The host, lowercased, or `nil` for URLs without one (`mailto:`, `tel:`).
  package let host: String?
  /// The path: private.
  package let path: String

  /// Redacts `url`.
  package init(_ url: URL) {
    scheme = url.scheme?.lowercased() ?? ""
    host = url.host?.lowercased()
    path = url.path
  }

  /// `scheme://host`, or `scheme:` for URLs without a host.
  package var description: String {
    guard let host else { return "\(scheme):" }
    return "\(scheme)://\(host)"
  }
}
