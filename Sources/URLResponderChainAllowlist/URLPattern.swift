import Foundation
import URLResponderChainCore

/// A host pattern with an optional scheme, port and path, as written in allowlists and routes.
///
/// - `example.com` matches that host only.
/// - `*.example.com` matches any subdomain at any depth, but not `example.com` itself.
/// - `https://example.com:8443` also fixes the scheme and an explicit port.
/// - `docs.example.org/guides/*` adds a path: literal segments, `:name` placeholders that
///   match one segment, and a trailing `*` that matches the rest (including nothing).
///   Empty segments are insignificant on both sides: `/guides/` and `//guides` are `/guides`.
///   A literal matches every spelling a server reads as it: `/café` is also
///   `/caf%C3%A9` and `/caf%c3%a9`, and `/ads` is also `/%61ds`.
///
/// A wildcard directly over a public suffix (`*.com`, `*.co.uk`, `*.github.io`) is refused.
///
/// ```swift
/// let pattern = try URLPattern("https://youtu.be/:id")
/// let match = pattern.match(try EligibleURL("https://youtu.be/dQw4w9WgXcQ"))
/// print(match?.parameters["id"] ?? "-")   // dQw4w9WgXcQ
/// ```
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
  /// One segment of a path pattern.
  package enum Segment: Sendable, Hashable {
    /// Matches this exact segment, held as `EligibleURL.path` spells it: percent-encoded,
    /// in RFC 3986's normal form (`café` is `caf%C3%A9`, `%61` is `a`).
    case literal(String)
    /// Matches any one non-empty segment and captures it under this name, percent-decoded.
    /// A segment that does not decode to text without control characters does not match,
    /// except in an allowlist's deny rule: there it matches every non-empty segment, as a
    /// server's router does, so that a deny rule never fails open.
    case placeholder(String)
    /// Matches the rest of the path, including nothing. Only last.
    case rest
  }

  /// The pattern as written.
  public let description: String
  /// `"http"` or `"https"` when the pattern fixes the scheme; in a `URLRouteTable`, also an
  /// app's own scheme (`myapp://document/:id`). A pattern without a scheme matches web URLs only.
  public let scheme: String?
  /// The host (without the `*.` prefix), lowercased.
  public let host: String
  /// Whether the pattern is `*.host`: subdomains at any depth, not the host itself.
  public let matchesSubdomainsOnly: Bool
  /// The explicit non-default port the pattern names, if any.
  public let port: Int?
  /// The path segments; `nil` when the pattern has no path (any path matches).
  package let path: [Segment]?

  /// Parses and validates a pattern.
  ///
  /// - Parameter pattern: The pattern text.
  /// - Throws: ``URLPatternError`` saying what is wrong.
  public init(_ pattern: String) throws(URLPatternError) {
    try self.init(pattern, allowsAppSchemes: false)
  }

  /// Parses a pattern that may name an app's own scheme (route tables, never allowlists).
  package init(_ pattern: String, allowsAppSchemes: Bool) throws(URLPatternError) {
    let parsed = try URLPatternParser.parse(pattern, allowsAppSchemes: allowsAppSchemes)
    description = pattern
    scheme = parsed.scheme
    host = parsed.host
    matchesSubdomainsOnly = parsed.matchesSubdomainsOnly
    port = parsed.port
    path = parsed.path
  }
}
