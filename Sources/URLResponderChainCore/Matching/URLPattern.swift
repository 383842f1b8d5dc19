import Foundation

/// A host pattern with an optional scheme, port and path, as written in allowlists and routes.
///
/// - `example.com` matches that host only.
/// - `*.example.com` matches any subdomain at any depth, but not `example.com` itself.
/// - `https://example.com:8443` also fixes the scheme and an explicit port.
/// - `docs.example.org/guides/*` adds a path: literal segments, `:name` placeholders that
///   match one segment, and a trailing `*` that matches the rest (including nothing).
///   Empty segments are insignificant on both sides: `/guides/` and `//guides` are `/guides`.
///
/// A wildcard directly over a public suffix (`*.com`, `*.co.uk`, `*.github.io`) is refused.
///
/// ```swift
/// let pattern = try URLPattern("https://youtu.be/:id")
/// let match = pattern.match(eligibleURL)   // match?.parameters["id"]
/// ```
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
  /// One segment of a path pattern.
  public enum Segment: Sendable, Hashable {
    /// Matches this exact segment.
    case literal(String)
    /// Matches any one non-empty segment and captures it under this name.
    case placeholder(String)
    /// Matches the rest of the path, including nothing. Only last.
    case rest
  }

  /// The pattern as written.
  public let description: String
  /// `"http"` or `"https"` when the pattern fixes the scheme; in a ``URLRouteTable``, also an
  /// app's own scheme (`myapp://document/:id`). A pattern without a scheme matches web URLs only.
  public let scheme: String?
  /// The host (without the `*.` prefix), lowercased.
  public let host: String
  /// Whether the pattern is `*.host`: subdomains at any depth, not the host itself.
  public let matchesSubdomainsOnly: Bool
  /// The explicit non-default port the pattern names, if any.
  public let port: Int?
  /// The path segments; `nil` when the pattern has no path (any path matches).
  public let path: [Segment]?

  /// Parses and validates a pattern.
  ///
  /// - Parameter pattern: The pattern text.
  /// - Throws: ``URLPatternError`` saying what is wrong.
  public init(_ pattern: String) throws(URLPatternError) {
    try self.init(pattern, allowsAppSchemes: false)
  }

  /// Parses a pattern that may name an app's own scheme (route tables, never allowlists).
  init(_ pattern: String, allowsAppSchemes: Bool) throws(URLPatternError) {
    description = pattern
    var rest = Substring(pattern)
    guard !rest.isEmpty else { throw .empty }
    // An ASCII pattern is searched on its bytes; anything else as before, through Foundation.
    let isASCII = pattern.utf8.allSatisfy { $0 < 0x80 }
    if let range = isASCII ? Self.asciiSchemeSeparator(in: rest) : rest.range(of: "://") {
      let scheme = rest[..<range.lowerBound].lowercased()
      guard scheme == "http" || scheme == "https" || (allowsAppSchemes && AppURLScheme.problem(with: scheme) == nil)
      else { throw .unsupportedScheme(scheme) }
      self.scheme = scheme
      rest = rest[range.upperBound...]
    } else {
      scheme = nil
    }
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    var authority = rest[..<slash]
    let pathText = rest[slash...]

    var port: Int?
    if let colon = authority.lastIndex(of: ":") {
      let digits = authority[authority.index(after: colon)...]
      guard let number = Int(digits), (1...65535).contains(number), digits.allSatisfy(\.isNumber) else {
        throw .invalidPort(String(digits))
      }
      authority = authority[..<colon]
      let defaultPort: Int? =
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil  // no scheme (either web default is written explicitly), or an app scheme
        }
      port = defaultPort == number ? nil : number
    }
    self.port = port

    matchesSubdomainsOnly = authority.hasPrefix("*.")
    if matchesSubdomainsOnly { authority = authority.dropFirst(2) }
    guard !authority.contains("*") else { throw .misplacedWildcard }
    guard !authority.contains("@"), authority.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else {
      throw .invalidHost("\"\(authority)\" is not a plain ASCII domain name")
    }
    switch URLSafety.normalizedHost(authority) {
    case .success(let host): self.host = host
    case .failure(let refusal): throw .invalidHost(refusal.description)
    }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { throw .wildcardOverPublicSuffix(host) }

    path = try Self.parsePath(pathText)
  }

  /// The first `://` in an ASCII pattern.
  static func asciiSchemeSeparator(in text: Substring) -> Range<String.Index>? {
    let utf8 = text.utf8
    var index = utf8.startIndex
    while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
      let after = utf8.index(after: colon)
      if utf8[after...].starts(with: "//".utf8) { return colon..<utf8.index(after, offsetBy: 2) }
      index = after
    }
    return nil
  }

  private static func parsePath(_ text: Substring) throws(URLPatternError) -> [Segment]? {
    guard !text.isEmpty else { return nil }
    guard !text.contains("?"), !text.contains("#") else {
      throw .invalidPath("queries and fragments are not part of a path")
    }
    // Empty segments are insignificant, as in the URLs matched: `/a//b/` is `/a/b`.
    let parts = text.split(separator: "/", omittingEmptySubsequences: true)
    var segments: [Segment] = []
    for (index, part) in parts.enumerated() {
      if part == "*" {
        guard index == parts.count - 1 else { throw .misplacedWildcard }
        segments.append(.rest)
      } else if part.hasPrefix(":") {
        let name = part.dropFirst()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
          throw .invalidPath("placeholder \"\(part)\" needs a name of letters, digits and _")
        }
        segments.append(.placeholder(String(name)))
      } else {
        guard !part.contains("*") else { throw .misplacedWildcard }
        segments.append(.literal(String(part)))
      }
    }
    return segments
  }
}
