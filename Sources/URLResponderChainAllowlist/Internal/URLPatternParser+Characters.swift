import Foundation
import URLResponderChainCore

extension URLPatternParser {
  /// ``parse(_:allowsAppSchemes:)`` for text that is not all ASCII, on its characters.
  static func parseCharacters(_ pattern: String, allowsAppSchemes: Bool) throws(URLPatternError) -> ParsedURLPattern {
    var rest = Substring(pattern)
    var scheme: String?
    if let range = rest.range(of: "://") {
      let lowered = rest[..<range.lowerBound].lowercased()
      guard
        lowered == "http" || lowered == "https" || (allowsAppSchemes && AppURLScheme.problem(with: lowered) == nil)
      else { throw .unsupportedScheme(lowered) }
      scheme = lowered
      rest = rest[range.upperBound...]
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
      port = defaultPort(of: scheme) == number ? nil : number
    }

    let matchesSubdomainsOnly = authority.hasPrefix("*.")
    if matchesSubdomainsOnly { authority = authority.dropFirst(2) }
    guard !authority.contains("*") else { throw .misplacedWildcard }
    guard !authority.contains("@"), authority.unicodeScalars.allSatisfy({ !$0.isASCII || $0.value > 0x20 }) else {
      throw .invalidHost("\"\(authority)\" is not a plain ASCII domain name")
    }
    // An internationalized host is stored in its ASCII form, or the rule is rejected.
    let ascii: String
    switch Punycode.asciiHost(authority) {
    case .success(let host): ascii = host
    case .failure(let invalid):
      throw .invalidHost("\"\(invalid.label.shownEscaped(limit: 63))\" is not a valid internationalized label")
    }
    let host: String
    switch URLSafety.normalizedHost(Substring(ascii)) {
    case .success(let normalized): host = normalized
    case .failure(let refusal): throw .invalidHost(refusal.description)
    }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { throw .wildcardOverPublicSuffix(host) }

    return ParsedURLPattern(
      scheme: scheme, host: host, matchesSubdomainsOnly: matchesSubdomainsOnly, port: port,
      path: try parsePath(characters: pathText))
  }

  /// Rejects text with more combining marks in a row than Unicode's stream-safe limit
  /// (``OverlongCombiningRun``): no one writes it, and the character parser compares
  /// characters, which composes them in time that grows with the square of the run. The
  /// refusal names the host or the path, whichever holds the run.
  static func checkCombiningRuns(in pattern: String) throws(URLPatternError) {
    guard let end = OverlongCombiningRun.end(in: pattern.unicodeScalars) else { return }
    // The path starts at the first "/" after the authority: the third with a scheme.
    let bytes = Array(pattern.utf8)
    let hasScheme = bytes.indices.dropLast(2).contains {
      bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == UInt8(ascii: "/") && bytes[$0 + 2] == UInt8(ascii: "/")
    }
    let slashes = pattern.unicodeScalars[..<end].reduce(0) { $1 == "/" ? $0 + 1 : $0 }
    let reason = "holds more than \(OverlongCombiningRun.limit) combining marks in a row"
    throw slashes >= (hasScheme ? 3 : 1) ? .invalidPath(reason) : .invalidHost(reason)
  }

  private static func parsePath(characters text: Substring) throws(URLPatternError) -> [URLPattern.Segment]? {
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
        segments.append(try literal(String(part)))
      }
    }
    return segments
  }
}
