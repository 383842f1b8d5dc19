import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// The byte-level host check and pattern parser against references written from the rules
/// (`ReferenceHost`, `ReferenceURLPattern`), on random input: the same host or pattern
/// accepted with the same parts, or both refused (the wording of a refusal is the example
/// tests' to state).
@Suite struct PatternParsingDifferentialTests {
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

  @Test func hostsNormalizeAsTheRuleSays() async {
    var random = SeededGenerator(seed: 42)
    var mismatches: [String] = []
    for round in 0..<Stress.count(10_000) {
      // CPU-bound: let the timing tests running in parallel have the cooperative pool.
      if round % 200 == 0 { await Task.yield() }
      let host = randomHost(&random)[...]
      if (try? URLSafety.normalizedHost(host).get()) != ReferenceHost.normalized(host) {
        mismatches.append(String(host))
      }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
  }

  @Test func theSchemeSeparatorIsFoundAsFoundationFindsIt() async {
    var random = SeededGenerator(seed: 43)
    var mismatches: [String] = []
    for round in 0..<Stress.count(5_000) {
      if round % 200 == 0 { await Task.yield() }
      var text = randomText(&random, length: 0...16)
      let expected = text.range(of: "://").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
      if text.withUTF8({ URLPatternParser.schemeSeparator(in: $0) }) != expected { mismatches.append(text) }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
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
        "/a*", "/é/:id", "/a/\u{301}b", "/:é", "/%61ds/*", "/caf%c3%a9", "/a%2fb/:id", "/a%", "/a%zz", "/a%2",
        "/a\\b", "/a\u{1}b", "/a\u{7F}", "/%2E%2E/x", "/a b", "/a;b", "/%7e~", "/a%\u{301}41",
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

  @Test func patternsParseAsTheirDocumentationSays() async {
    var random = SeededGenerator(seed: 44)
    var mismatches: [String] = []
    var valid = 0
    let rounds = Stress.count(20_000)
    for round in 0..<rounds {
      if round % 200 == 0 { await Task.yield() }
      let text = randomPattern(&random)
      let appSchemes = round % 2 == 0
      let parsed = (try? URLPattern(text, allowsAppSchemes: appSchemes)).map(ReferenceURLPattern.Parts.init)
      if parsed != ReferenceURLPattern.parse(text, allowsAppSchemes: appSchemes) { mismatches.append(text) }
      if parsed != nil { valid += 1 }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5).map(\.debugDescription))")
    #expect(valid > rounds / 10, "\(valid) valid")
  }
}
