import Foundation

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// `URLPattern`'s parser as it was before it worked on bytes: Character-level, with
/// Foundation's `contains`. The reference for `PatternParsingDifferentialTests`.
enum ReferenceURLPattern {
  /// What a pattern parses to: every stored property of `URLPattern`.
  struct Parts: Equatable {
    let description: String
    let scheme: String?
    let host: String
    let matchesSubdomainsOnly: Bool
    let port: Int?
    let path: [URLPattern.Segment]?

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

  /// Parses a pattern that may name an app's own scheme (route tables, never allowlists).
  static func parse(_ pattern: String, allowsAppSchemes: Bool) throws(URLPatternError) -> Parts {
    let description = pattern
    let scheme: String?
    let host: String
    let matchesSubdomainsOnly: Bool
    var rest = Substring(pattern)
    guard !rest.isEmpty else { throw .empty }
    // (The parser searched ASCII patterns with a byte search that the differential test
    // showed equal to Foundation's; here Foundation finds it for both.)
    if let range = rest.range(of: "://") {
      let lowered = rest[..<range.lowerBound].lowercased()
      guard lowered == "http" || lowered == "https" || (allowsAppSchemes && AppURLScheme.problem(with: lowered) == nil)
      else { throw .unsupportedScheme(lowered) }
      scheme = lowered
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

    matchesSubdomainsOnly = authority.hasPrefix("*.")
    if matchesSubdomainsOnly { authority = authority.dropFirst(2) }
    guard !authority.contains("*") else { throw .misplacedWildcard }
    guard !authority.contains("@"), !authority.unicodeScalars.contains(where: { $0.value <= 0x20 }) else {
      throw .invalidHost("\"\(authority)\" is not a plain ASCII domain name")
    }
    // Internationalized labels: Foundation's IDNA gives the ASCII form, which must then be a
    // valid label by the reference's own rule.
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
      else {
        let shown = String(label).unicodeScalars.prefix(63).map { $0.escaped(asASCII: true) }.joined()
        throw .invalidHost(
          "\"\(shown)\(label.unicodeScalars.count > 63 ? "…" : "")\" is not a valid internationalized label")
      }
      labels.append(ace)
    }
    switch PatternParsingDifferentialTests.referenceNormalizedHost(Substring(labels.joined(separator: "."))) {
    case .success(let normalized): host = normalized
    case .failure(let refusal): throw .invalidHost(refusal.description)
    }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { throw .wildcardOverPublicSuffix(host) }

    let path = try parsePath(pathText)
    return Parts(
      description: description, scheme: scheme, host: host, matchesSubdomainsOnly: matchesSubdomainsOnly, port: port,
      path: path)
  }

  private static func parsePath(_ text: Substring) throws(URLPatternError) -> [URLPattern.Segment]? {
    guard !text.isEmpty else { return nil }
    guard !text.contains("?"), !text.contains("#") else {
      throw .invalidPath("queries and fragments are not part of a path")
    }
    // Empty segments are insignificant, as in the URLs matched: `/a//b/` is `/a/b`.
    let parts = text.split(separator: "/", omittingEmptySubsequences: true)
    var segments: [URLPattern.Segment] = []
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
        // The URL Standard's single- and double-dot segments, listed as it lists them.
        let dotSegments: Set<String> = [".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"]
        guard !dotSegments.contains(part.lowercased()) else {
          throw .invalidPath("\"\(part)\" is a dot segment; browsers resolve it away, so write the path it leads to")
        }
        segments.append(.literal(String(part)))
      }
    }
    return segments
  }
}
