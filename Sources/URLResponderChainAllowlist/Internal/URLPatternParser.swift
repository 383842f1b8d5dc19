import Foundation
import URLResponderChainCore

/// The parts of a ``URLPattern``, parsed and validated.
struct ParsedURLPattern {
  var scheme: String?
  var host: String
  var matchesSubdomainsOnly: Bool
  var port: Int?
  var path: [URLPattern.Segment]?
}

/// Parses pattern text: on its bytes when it is ASCII (every valid host is), on its
/// characters otherwise, where a `/` or `*` followed by a combining mark is one character and
/// not a delimiter. Both report the same problems in the same order; a differential test
/// compares the byte parser with the character-level one it replaced.
enum URLPatternParser {
  static func parse(_ pattern: String, allowsAppSchemes: Bool) throws(URLPatternError) -> ParsedURLPattern {
    guard !pattern.isEmpty else { throw .empty }
    let parsed = withUTF8(of: pattern) { bytes in
      Result { () throws(URLPatternError) -> ParsedURLPattern? in
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return try parseASCII(bytes, allowsAppSchemes: allowsAppSchemes)
      }
    }
    if let parsed = try parsed.get() { return parsed }
    try checkCombiningRuns(in: pattern)
    return try parseCharacters(pattern, allowsAppSchemes: allowsAppSchemes)
  }

  /// The scheme's default port: none for no scheme (either web default is then written
  /// explicitly) or an app's own scheme.
  static func defaultPort(of scheme: String?) -> Int? {
    switch scheme {
    case "http": 80
    case "https": 443
    default: nil
    }
  }

  // MARK: - ASCII, on bytes

  private static func parseASCII(
    _ bytes: UnsafeBufferPointer<UInt8>, allowsAppSchemes: Bool
  ) throws(URLPatternError) -> ParsedURLPattern {
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    var start = 0
    var scheme: String?
    if let separator = schemeSeparator(in: bytes) {
      let lowered = String(decoding: bytes[..<separator].lazy.map(\.asciiLowercased), as: UTF8.self)
      guard
        lowered == "http" || lowered == "https" || (allowsAppSchemes && AppURLScheme.problem(with: lowered) == nil)
      else { throw .unsupportedScheme(lowered) }
      scheme = lowered
      start = separator + 3
    }
    let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
    var authorityEnd = slash

    var port: Int?
    if let colon = bytes[start..<slash].lastIndex(of: UInt8(ascii: ":")) {
      let digits = (colon + 1)..<slash
      guard let number = decimal(bytes[digits]), (1...65535).contains(number) else {
        throw .invalidPort(text(digits))
      }
      authorityEnd = colon
      port = defaultPort(of: scheme) == number ? nil : number
    }

    let matchesSubdomainsOnly =
      authorityEnd - start >= 2 && bytes[start] == UInt8(ascii: "*") && bytes[start + 1] == UInt8(ascii: ".")
    let authority = (matchesSubdomainsOnly ? start + 2 : start)..<authorityEnd
    guard !bytes[authority].contains(UInt8(ascii: "*")) else { throw .misplacedWildcard }
    guard !bytes[authority].contains(where: { $0 == UInt8(ascii: "@") || $0 <= 0x20 }) else {
      throw .invalidHost("\"\(text(authority))\" is not a plain ASCII domain name")
    }
    let host: String
    switch URLSafety.normalizedASCIIHost(UnsafeBufferPointer(rebasing: bytes[authority])) {
    case .success(let normalized): host = normalized
    case .failure(let refusal): throw .invalidHost(refusal.description)
    }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { throw .wildcardOverPublicSuffix(host) }

    return ParsedURLPattern(
      scheme: scheme, host: host, matchesSubdomainsOnly: matchesSubdomainsOnly, port: port,
      path: try parsePath(UnsafeBufferPointer(rebasing: bytes[slash...])))
  }

  /// Why a rule may not hold a dot segment: a browser resolves every one away before it
  /// loads a URL, so the rule would either never match or mean another path.
  static func dotSegmentProblem(_ segment: String) -> String {
    "\"\(segment)\" is a dot segment; browsers resolve it away, so write the path it leads to"
  }

  /// The index of the `:` of the first `://`.
  static func schemeSeparator(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The value of a non-empty run of ASCII digits, or `nil` (as `Int(_:)` with only digits).
  private static func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowAgain) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
      guard !overflow, !overflowAgain else { return nil }
      value = sum
    }
    return value
  }

  private static func parsePath(_ bytes: UnsafeBufferPointer<UInt8>) throws(URLPatternError) -> [URLPattern.Segment]? {
    guard !bytes.isEmpty else { return nil }
    guard !bytes.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
      throw .invalidPath("queries and fragments are not part of a path")
    }
    // Empty segments are insignificant, as in the URLs matched: `/a//b/` is `/a/b`.
    let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
    var segments: [URLPattern.Segment] = []
    segments.reserveCapacity(parts.count)
    for (index, part) in parts.enumerated() {
      if part.count == 1, part.first == UInt8(ascii: "*") {
        guard index == parts.count - 1 else { throw .misplacedWildcard }
        segments.append(.rest)
      } else if part.first == UInt8(ascii: ":") {
        let name = part.dropFirst()
        let isNameByte: (UInt8) -> Bool = {
          ($0.asciiLowercased >= UInt8(ascii: "a") && $0.asciiLowercased <= UInt8(ascii: "z"))
            || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
        }
        guard !name.isEmpty, name.allSatisfy(isNameByte) else {
          let written = String(decoding: part, as: UTF8.self)
          throw .invalidPath("placeholder \"\(written)\" needs a name of letters, digits and _")
        }
        segments.append(.placeholder(String(decoding: name, as: UTF8.self)))
      } else {
        guard !part.contains(UInt8(ascii: "*")) else { throw .misplacedWildcard }
        segments.append(try literal(String(decoding: part, as: UTF8.self)))
      }
    }
    return segments
  }
}
