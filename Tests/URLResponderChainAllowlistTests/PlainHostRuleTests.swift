import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// The allowlist's fast lane for rules that are a host in normal form, held to the full
/// pattern parser: it may take a rule only when the parser reads it as exactly that host.
@Suite struct PlainHostRuleTests {
  static let labels = [
    "example", "EXAMPLE", "docs", "xn--e1a", "ab--c", "a--", "0x1f", "0x", "0xg", "0X1F", "123", "0123", "a-b", "-a",
    "", "a_b", "a b", "co", "uk", "github", "io", "com", "é", "*", "a@b", ":80", "/x",
    String(repeating: "a", count: 63), String(repeating: "b", count: 64),
  ]

  /// Rule text shaped like a host (often a valid one), sometimes mutated.
  private func randomRule(_ random: inout SeededGenerator) -> String {
    var text = ["", "", "", "*.", "*", "**.", ".", "https://"].randomElement(using: &random)!
    if Int.random(in: 0..<20, using: &random) == 0 {
      // Around the 253-byte limit.
      let count = Int.random(in: 120...130, using: &random)
      text += (0..<count).map { _ in "a" }.joined(separator: ".")
    } else {
      let labels = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        Int.random(in: 0..<3, using: &random) == 0
          ? Self.labels.randomElement(using: &random)!
          : ["example", "docs", "com", "org"].randomElement(using: &random)!
      }
      text += labels.joined(separator: ".")
    }
    if Int.random(in: 0..<8, using: &random) == 0 { text += "." }
    if Int.random(in: 0..<6, using: &random) == 0 {
      let position = Int.random(in: 0...text.utf8.count, using: &random)
      let byte = Array("aZ9-.*:/@ \u{7F}".utf8).randomElement(using: &random)!
      var bytes = Array(text.utf8)
      bytes.insert(byte, at: position)
      text = String(decoding: bytes, as: UTF8.self)
    }
    return text
  }

  @Test(arguments: 0..<4)
  func theFastLaneTakesOnlyWhatTheParserReadsAsThatVeryHost(round: UInt64) async {
    var random = SeededGenerator(seed: 0xFA57 + round)
    var mismatches: [String] = []
    var taken = 0
    var refused = 0
    for index in 0..<5_000 {
      if index % 500 == 0 { await Task.yield() }
      let text = randomRule(&random)
      let lane = Array(text.utf8).withUnsafeBufferPointer { bytes in
        URLPatternParser.plainHost(in: bytes).map {
          ($0.matchesSubdomainsOnly, String(decoding: bytes[$0.host], as: UTF8.self))
        }
      }
      let parsed = try? URLPattern(text)
      if parsed == nil { refused += 1 }
      let written = text.hasPrefix("*.") ? String(text.dropFirst(2)) : text
      let parserReadsThatHost =
        parsed.map {
          $0.scheme == nil && $0.port == nil && $0.path == nil && $0.host == written
            && $0.matchesSubdomainsOnly == text.hasPrefix("*.")
        } ?? false
      if let (matchesSubdomainsOnly, host) = lane {
        taken += 1
        // Sound: whatever the lane takes, the parser reads the same way.
        if !parserReadsThatHost || host != written || matchesSubdomainsOnly != text.hasPrefix("*.") {
          mismatches.append("taken: \(text.debugDescription)")
        }
      } else if parserReadsThatHost {
        // Complete: every rule already in normal form takes the lane.
        mismatches.append("not taken: \(text.debugDescription)")
      }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
    #expect(taken > 1_000 && refused > 1_000, "taken \(taken), refused \(refused)")
  }

  @Test func publicSuffixesAreFoundByTheirBytesAsInTheSet() {
    var mismatches: [String] = []
    var candidates = Array(PublicSuffixes.multiLabel)
    for suffix in PublicSuffixes.multiLabel {
      candidates += ["a." + suffix, String(suffix.dropFirst()), String(suffix.dropLast()), suffix + ".", "x" + suffix]
    }
    candidates += ["com", "", ".", "co.uk.", "example.com", "uk.co"]
    for candidate in candidates {
      let expected = !candidate.contains(".") || PublicSuffixes.multiLabel.contains(candidate)
      let found = Array(candidate.utf8).withUnsafeBufferPointer { PublicSuffixes.contains($0) }
      if found != expected || PublicSuffixes.contains(candidate) != expected { mismatches.append(candidate) }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
  }

  @Test func rulesInNormalFormAndOthersCompileToTheSameAllowlist() throws {
    let rules = [
      "example.com", "EXAMPLE.org", "docs.example.net.", "*.cdn.example.com", "*.CDN.example.org",
      "https://secure.example.com", "example.com:8443", "media.example.com/videos/*",
    ]
    let compiled = try Allowlist(allow: rules, deny: ["ads.cdn.example.com", "*.Tracker.example.org."])
    let parsed = Allowlist(
      allowing: try rules.map { try URLPattern($0) },
      denying: [try URLPattern("ads.cdn.example.com"), try URLPattern("*.Tracker.example.org.")])
    let urls = [
      "https://example.com/a", "http://example.org", "https://docs.example.net/x", "https://a.cdn.example.com",
      "https://ads.cdn.example.com", "https://b.cdn.example.org", "https://x.tracker.example.org",
      "https://secure.example.com", "http://secure.example.com", "https://example.com:8443/",
      "https://media.example.com/videos/1", "https://media.example.com/photos", "https://cdn.example.com",
      "https://example.com:8080",
    ]
    let expected: [URLVerdict] = [
      .allowed(rule: "example.com"), .allowed(rule: "EXAMPLE.org"), .allowed(rule: "docs.example.net."),
      .allowed(rule: "*.cdn.example.com"), .blocked(rule: "ads.cdn.example.com"), .allowed(rule: "*.CDN.example.org"),
      .blocked(rule: "*.Tracker.example.org."), .allowed(rule: "https://secure.example.com"),
      .notAllowed(reason: "no allow rule matches secure.example.com"), .allowed(rule: "example.com:8443"),
      .allowed(rule: "media.example.com/videos/*"), .notAllowed(reason: "no allow rule matches media.example.com"),
      .notAllowed(reason: "no allow rule matches cdn.example.com"),
      .notAllowed(reason: "refused: port 8080 is not the scheme's default"),
    ]
    for (url, verdict) in zip(urls, expected) {
      #expect(compiled.verdict(for: url) == verdict, "\(url)")
      #expect(parsed.verdict(for: url) == verdict, "\(url)")
    }
    #expect(compiled.count == 10)
  }
}
