import Foundation
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// The byte-level host normalization and scheme search that made compiling allowlists
/// faster, against the string-level versions they replaced, on random ASCII input.
@Suite struct PatternParsingDifferentialTests {
  /// `URLSafety.normalizedHost` as it was, on characters and split labels: the reference.
  static func referenceNormalizedHost(_ written: Substring) -> Result<String, URLRefusal> {
    var host = written.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    guard !host.isEmpty else { return .failure(.missingHost) }
    guard host.utf8.count <= 253 else { return .failure(.invalidHost("longer than 253 characters")) }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    for label in labels {
      guard !label.isEmpty else { return .failure(.invalidHost("has an empty label")) }
      guard label.utf8.count <= 63 else { return .failure(.invalidHost("has a label longer than 63 characters")) }
      let isLDH: (UInt8) -> Bool = {
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
          || $0 == UInt8(ascii: "-")
      }
      guard label.utf8.allSatisfy(isLDH) else {
        return .failure(.invalidHost("\"\(label)\" is not letters, digits and hyphens"))
      }
      if label.utf8.count >= 4, label.utf8.dropFirst(2).prefix(2).elementsEqual("--".utf8) {
        guard label.hasPrefix("xn--") else { return .failure(.invalidHost("\"\(label)\" is a reserved label (??--)")) }
        guard ReferenceIDNA.isValidACELabel(String(label)) else {
          return .failure(.invalidHost("\"\(label)\" is not a valid internationalized (xn--) label"))
        }
      }
    }
    if let last = labels.last {
      let numeric =
        last.allSatisfy { $0.isASCII && $0.isNumber }
        || (last.lowercased().hasPrefix("0x") && last.lowercased().dropFirst(2).allSatisfy(\.isHexDigit))
      if numeric { return .failure(.ipAddress(host)) }
    }
    return .success(host)
  }

  static let alphabet = Array("abcXYZ019-.x-_:/@*%?# \t".unicodeScalars)

  private func randomText(_ random: inout SeededGenerator, length: ClosedRange<Int>) -> String {
    var text = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: length, using: &random) { text.append(Self.alphabet.randomElement(using: &random)!) }
    return String(text)
  }

  private func randomHost(_ random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return randomText(&random, length: 0...12)
    case 1:
      // Label-shaped: the paths past the first checks.
      let labels = (0..<Int.random(in: 1...4, using: &random)).map { _ -> String in
        ["example", "EXAMPLE", "xn--e1a", "ab--c", "0x1F", "0x", "0xg", "123", "0123", "a-b", "", "a_b"]
          .randomElement(using: &random)!
      }
      return labels.joined(separator: ".") + (Bool.random(using: &random) ? "." : "")
    case 2: return String(repeating: "a", count: Int.random(in: 60...70, using: &random)) + ".com"
    default: return (0..<Int.random(in: 30...70, using: &random)).map { _ in "abcd" }.joined(separator: ".")
    }
  }

  @Test func hostsNormalizeAsTheyDidOnCharacters() async {
    var random = SeededGenerator(seed: 42)
    var mismatches: [String] = []
    for round in 0..<10_000 {
      // CPU-bound: let the timing tests running in parallel have the cooperative pool.
      if round % 200 == 0 { await Task.yield() }
      let host = randomHost(&random)[...]
      if URLSafety.normalizedHost(host) != Self.referenceNormalizedHost(host) { mismatches.append(String(host)) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func theSchemeSeparatorIsFoundAsFoundationFindsIt() async {
    var random = SeededGenerator(seed: 43)
    var mismatches: [String] = []
    for round in 0..<5_000 {
      if round % 200 == 0 { await Task.yield() }
      var text = randomText(&random, length: 0...16)
      let expected = text.range(of: "://").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
      if text.withUTF8({ URLPatternParser.schemeSeparator(in: $0) }) != expected { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// Pattern text put together from parts (ordinary or not), then mutated.
  private func randomPattern(_ random: inout SeededGenerator) -> String {
    let choices: [[String]] = [
      ["", "", "https://", "http://", "HTTPS://", "myapp://", "ftp://", "://", "my app://", "é://", "https:/"],
      ["", "", "", "*.", "*", "**.", "*.*."],
      [
        "docs.example.org", "EXAMPLE.com.", "example.com", "co.uk", "github.io", "com", "a@b.com", "a b.com",
        "xn--e1a.com", "127.0.0.1", "a..b", "", "é.com", "exa\u{301}mple.com", "a*b.com", "0x1F",
      ],
      [
        "", "", ":443", ":80", ":8443", ":", ":0", ":65536", ":+80", ":-1", ":0080", ":8a", "::80",
        ":99999999999999999999",
      ],
      [
        "", "", "/", "/articles/:id", "/a/*", "/*", "/*/a", "/:", "/:a-b", "/:a_b1", "//a///b/", "/a?b", "/a#b",
        "/a*", "/é/:id", "/a/\u{301}b", "/:é",
      ],
    ]
    // The first choice of each part, half the time: most patterns get far into the parser.
    var text = choices.map { Bool.random(using: &random) ? $0[0] : $0.randomElement(using: &random)! }.joined()
    var scalars = Array(text.unicodeScalars)
    for _ in 0..<(Bool.random(using: &random) ? 0 : Int.random(in: 1...2, using: &random)) {
      let position = Int.random(in: 0...scalars.count, using: &random)
      let scalar = Self.alphabet.randomElement(using: &random)!
      if Bool.random(using: &random) || position == scalars.count {
        scalars.insert(scalar, at: position)
      } else {
        scalars.remove(at: position)
      }
    }
    text = String(String.UnicodeScalarView(scalars))
    return text
  }

  @Test func patternsParseAsTheyDidOnCharacters() async {
    var random = SeededGenerator(seed: 44)
    var mismatches: [String] = []
    var valid = 0
    for round in 0..<20_000 {
      if round % 200 == 0 { await Task.yield() }
      let text = randomPattern(&random)
      let appSchemes = round % 2 == 0
      let parsed = Result { () throws(URLPatternError) in
        ReferenceURLPattern.Parts(try URLPattern(text, allowsAppSchemes: appSchemes))
      }
      let reference = Result { () throws(URLPatternError) in
        try ReferenceURLPattern.parse(text, allowsAppSchemes: appSchemes)
      }
      if parsed != reference { mismatches.append(text) }
      if case .success = parsed { valid += 1 }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5).map(\.debugDescription))")
    #expect(valid > 2_000, "\(valid) valid")
  }
}
