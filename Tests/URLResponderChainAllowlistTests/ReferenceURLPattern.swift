import Foundation
import TestSupport

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// What a pattern means by `URLPattern`'s documentation and DESIGN.md, written from their text
/// for `PatternParsingDifferentialTests`, not from the parser: a regular expression splits the
/// text, ``ReferenceHost`` judges the host, and Foundation's IDNA gives internationalized
/// labels their ASCII form.
///
/// - `[scheme://]`: the text before the first `://`, `http` or `https` in any case (or, for
///   a route table, an app's own scheme);
/// - an authority up to the first `/`: `[*.]host[:port]`, the port 1–65535 in ASCII digits,
///   dropped when it is the scheme's default; `*` only as the whole first label; no `@`, no
///   space or control; a wildcard never directly over a public suffix;
/// - a path: segments split at `/` with empty ones dropped; a trailing `*`; `:name` of
///   letters, digits and `_`; no `?` or `#`; no dot segment in any spelling the URL Standard
///   resolves (`.`, `..`, `%2e` forms, any case).
enum ReferenceURLPattern {
  /// What a pattern parses to: every stored property of `URLPattern`.
  struct Parts: Equatable {
    var description: String
    var scheme: String?
    var host: String
    var matchesSubdomainsOnly: Bool
    var port: Int?
    var path: [URLPattern.Segment]?

    init(
      description: String, scheme: String?, host: String, matchesSubdomainsOnly: Bool, port: Int?,
      path: [URLPattern.Segment]?
    ) {
      (self.description, self.scheme, self.host) = (description, scheme, host)
      (self.matchesSubdomainsOnly, self.port, self.path) = (matchesSubdomainsOnly, port, path)
    }

    init(_ pattern: URLPattern) {
      self.init(
        description: pattern.description, scheme: pattern.scheme, host: pattern.host,
        matchesSubdomainsOnly: pattern.matchesSubdomainsOnly, port: pattern.port, path: pattern.path)
    }
  }

  /// The pattern's parts, or `nil` when the documentation says it is refused.
  static func parse(_ text: String, allowsAppSchemes: Bool) -> Parts? {
    // Lazy up to the first "://"; `.` matches any character, newlines included.
    let shape = /(?s)^(?:(?<scheme>.*?):\/\/)?(?<authority>[^\/]*)(?<path>\/.*)?$/
    guard !text.isEmpty, let match = text.wholeMatch(of: shape) else { return nil }

    let scheme = match.scheme.map { $0.lowercased() }
    if let scheme {
      let isWeb = scheme == "http" || scheme == "https"
      guard isWeb || (allowsAppSchemes && AppURLScheme.problem(with: scheme) == nil) else { return nil }
    }

    var authority = Substring(match.authority)
    var port: Int?
    if let colon = authority.lastIndex(of: ":") {
      let digits = authority[authority.index(after: colon)...]
      guard !digits.isEmpty, digits.allSatisfy({ "0123456789".contains($0) }),
        let number = Int(digits), (1...65_535).contains(number)
      else { return nil }
      let defaultPort = ["http": 80, "https": 443][scheme ?? ""]
      port = number == defaultPort ? nil : number
      authority = authority[..<colon]
    }

    let matchesSubdomainsOnly = authority.hasPrefix("*.")
    if matchesSubdomainsOnly { authority.removeFirst(2) }
    guard !authority.contains("*"), !authority.contains("@"),
      !authority.unicodeScalars.contains(where: { $0.value <= 0x20 })
    else { return nil }
    guard let ascii = asciiForm(authority), let host = ReferenceHost.normalized(Substring(ascii)) else { return nil }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { return nil }

    var path: [URLPattern.Segment]?
    if let pathText = match.path {
      guard let segments = segments(of: pathText) else { return nil }
      path = segments
    }
    return Parts(
      description: text, scheme: scheme, host: host, matchesSubdomainsOnly: matchesSubdomainsOnly, port: port,
      path: path)
  }

  /// Each label with a character beyond ASCII in its IDNA ASCII form, by Foundation; `nil`
  /// when a label has none, or one that is not a valid `xn--` label.
  private static func asciiForm(_ authority: Substring) -> String? {
    var labels: [String] = []
    for label in authority.split(separator: ".", omittingEmptySubsequences: false) {
      guard label.unicodeScalars.contains(where: { !$0.isASCII }) else {
        labels.append(String(label))
        continue
      }
      var components = URLComponents()
      components.host = label.lowercased()
      guard let ace = components.encodedHost, ace.hasPrefix("xn--"), !ace.contains("."),
        ReferenceIDNA.isValidACELabel(ace)
      else { return nil }
      labels.append(ace)
    }
    return labels.joined(separator: ".")
  }

  private static func segments(of path: Substring) -> [URLPattern.Segment]? {
    guard !path.contains(where: { $0 == "?" || $0 == "#" }) else { return nil }
    let parts = path.split(separator: "/")
    let dotSegments: Set<String> = [".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"]
    var segments: [URLPattern.Segment] = []
    for (index, part) in parts.enumerated() {
      if part == "*", index == parts.count - 1 {
        segments.append(.rest)
      } else if part.first == ":" {
        let name = part.dropFirst()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        segments.append(.placeholder(String(name)))
      } else {
        guard !part.contains("*"), !dotSegments.contains(part.lowercased()) else { return nil }
        // A literal is stored in RFC 3986's normal form; it may not hold a control
        // character, a backslash, a "/" (one with a mark after it), or a "%" that begins no escape.
        let forbidden = part.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" || $0 == "/" }
        let normal = ReferenceRFC3986Path.normalize(String(part))
        guard !forbidden, ReferenceRFC3986Path.escapesAreWellFormed(part), normal != ".", normal != ".." else {
          return nil
        }
        segments.append(.literal(normal))
      }
    }
    return segments
  }
}
