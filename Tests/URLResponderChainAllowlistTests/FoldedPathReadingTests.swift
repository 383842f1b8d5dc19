import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// A path is also judged as the most forgiving server reads it: escapes decoded until none is
/// left, a NUL ending the path, trailing dots and spaces of a segment dropped, letters
/// lowercased. The rules' literals are folded alike. A deny rule matches any spelling such a
/// server serves as its path, and an allow rule must allow that reading too.
@Suite struct FoldedPathReadingTests {
  @Test(arguments: [
    // Case-insensitive servers (Windows, macOS).
    "https://docs.example.com/ADS/1", "https://docs.example.com/Ads/1", "https://docs.example.com/aDs",
    // Double (and deeper) decoding.
    "https://docs.example.com/%2561ds/1", "https://docs.example.com/%25%36%31ds/1",
    "https://docs.example.com/%25252561ds/1", "https://docs.example.com/x/%252e%252e/ads/1",
    "https://docs.example.com/x%252F..%252Fads/1", "https://docs.example.com/ads%252F1",
    "https://docs.example.com/ads%255C1", "https://docs.example.com/x/%252E.%255Cads",
    // Windows file names, and C-string file APIs.
    "https://docs.example.com/ads./1", "https://docs.example.com/ads%20/1", "https://docs.example.com/ads.%20./1",
    "https://docs.example.com/ads%2520/1", "https://docs.example.com/ads%00/1", "https://docs.example.com/ads%2500.jpg",
    // Parameters a decoding server reads.
    "https://docs.example.com/ads%253Bx/1", "https://docs.example.com/ads%3B/1",
    // All of them at once.
    "https://docs.example.com/X/%252E%252E/A%2544S.%20/1",
  ])
  func aDenyRuleMatchesEverySpellingAForgivingServerReadsAsItsPath(url: String) throws {
    let verdict = try pathVerdict(allow: ["*.example.com"], deny: ["docs.example.com/ads/*"], url)
    #expect(verdict == .blocked(rule: "docs.example.com/ads/*"))
  }

  @Test(arguments: [
    ("docs.example.com/Admin", "https://docs.example.com/admin"),
    ("docs.example.com/ADMIN/*", "https://docs.example.com/admin/x"),
    ("docs.example.com/admin.", "https://docs.example.com/admin"),
    ("docs.example.com/café/*", "https://docs.example.com/CAF%C3%89/1"),
    ("docs.example.com/CAFÉ/*", "https://docs.example.com/caf%C3%A9/1"),
    // Composed and decomposed accents name one file on macOS.
    ("docs.example.com/café/*", "https://docs.example.com/cafe%CC%81/1"),
    ("docs.example.com/cafe%CC%81/*", "https://docs.example.com/CAF%C3%89/1"),
    // The Kelvin sign lowercases to `k`.
    ("docs.example.com/kit/*", "https://docs.example.com/%E2%84%AAit/1"),
    // Bytes that are not UTF-8 keep their value; only ASCII letters fold among them.
    ("docs.example.com/%FFab", "https://docs.example.com/%FFAB"),
    ("docs.example.com/%25FF", "https://docs.example.com/%FF"),
  ])
  func aDenyRuleInAnyCaseOrSpellingBlocksTheLinkInAnyOther(rule: String, url: String) throws {
    #expect(try pathVerdict(allow: ["*.example.com"], deny: [rule], url) == .blocked(rule: rule))
  }

  @Test(arguments: [
    ("docs.example.com/%FE", "https://docs.example.com/%FF"),
    ("docs.example.com/%C3%A9", "https://docs.example.com/%FF"),
    ("docs.example.com/ads", "https://docs.example.com/.ads"),
    ("docs.example.com/ads", "https://docs.example.com/ad.s"),
    ("docs.example.com/ads", "https://docs.example.com/adsx"),
    ("docs.example.com/ads/*", "https://docs.example.com/x/ads"),
    ("docs.example.com/ads/*", "https://docs.example.com/%2561d"),
    ("docs.example.com/k", "https://docs.example.com/%C4%B8"),
  ])
  func aPathNoServerReadsAsTheDeniedOneIsNotBlocked(rule: String, url: String) throws {
    #expect(try pathVerdict(allow: ["*.example.com"], deny: [rule], url) == .allowed(rule: "*.example.com"))
  }

  @Test(arguments: [
    "https://docs.example.com/public/%252e%252e/admin", "https://docs.example.com/public/..%252Fadmin",
    "https://docs.example.com/public/%252E%252E%255Cadmin", "https://docs.example.com/public/x%252F..%252F..%252Fadmin",
    "https://docs.example.com/public/%25252e%25252e/admin", "https://docs.example.com/public/.%2520./admin",
    "https://docs.example.com/public/..%2520/admin", "https://docs.example.com/public/%2e%252e/admin",
  ])
  func aPathLimitedAllowRuleIsNotEscapedThroughADecodingServer(url: String) throws {
    let verdict = try pathVerdict(allow: ["docs.example.com/public/*"], url)
    guard case .notAllowed(let reason) = verdict else {
      Issue.record("\(verdict)")
      return
    }
    #expect(reason.hasPrefix("no allow rule matches docs.example.com/"), "\(reason)")
  }

  @Test(arguments: [
    ("docs.example.com/Public/*", "https://docs.example.com/Public/X"),
    ("docs.example.com/public/*", "https://docs.example.com/public/100%25"),
    ("docs.example.com/public/*", "https://docs.example.com/public/%2561"),
    ("docs.example.com/public/*", "https://docs.example.com/public/a.b"),
    ("docs.example.com/public/*", "https://docs.example.com/public/a."),
    ("docs.example.com/public/*", "https://docs.example.com/public/READ%20ME"),
    ("docs.example.com/public/:name", "https://docs.example.com/public/%2541"),
    ("docs.example.com/Caf%C3%A9", "https://docs.example.com/Caf%C3%A9"),
    ("docs.example.com/a.b/*", "https://docs.example.com/a.b/c"),
  ])
  func aURLThatEveryReadingKeepsInsideIsAllowed(rule: String, url: String) throws {
    #expect(try pathVerdict(allow: [rule], url) == .allowed(rule: rule))
  }

  @Test func aRefusalNamesTheFoldedReading() throws {
    let verdict = try pathVerdict(
      allow: ["docs.example.com/public/*"], "https://docs.example.com/public/%252e%252e/Admin")
    #expect(
      verdict
        == .notAllowed(
          reason: "no allow rule matches docs.example.com/admin, as servers may read /public/%252e%252e/Admin"))
  }

  @Test(
    arguments: [
      ("/ads", nil), ("/", nil), ("/a/b/", nil), ("/ads.txt", nil), ("/a;b", "/a"), ("/ADS", "/ads"),
      ("/%2561ds", "/ads"), ("/a%252Fb", "/a/b"), ("/a%255Cb", "/a/b"), ("/a%2500b", "/a"), ("/a.", "/a"),
      ("/a%20.%20", "/a"), ("/x/%252e%252e/y", "/y"), ("/x/.%2520/y", "/x/y"), ("/%C3%89", "/%C3%A9"),
      ("/E%CC%81", "/%C3%A9"),
      ("/%FFAB", "/%FFab"), ("/100%25", "/100%"), ("/%25%", "/%%"), ("/%2525", "/%"), ("/A//B", "/a//b"),
      ("/...", nil), ("/a/...", nil), ("/%252e", "/"), ("/%4%31", "/a"), ("/%2%35%34%31", "/a"),
    ] as [(String, String?)])
  func theFoldedReadingOfAPath(path: String, reading: String?) throws {
    #expect(try Allowlist.foldedReading(of: path) == reading)
  }

  /// An escape nested 100,000 deep folds in one pass over the path: decoding pass after
  /// pass would take about 10¹⁰ steps and hit the time limit.
  @Test(.timeLimit(.minutes(1))) func aDeeplyNestedEscapeFoldsInLinearTime() throws {
    let nested = "/%" + String(repeating: "25", count: 100_000) + "61dmin"
    #expect(try Allowlist.foldedReading(of: nested) == "/admin")
    let segments = "https://docs.example.com" + String(repeating: "/a%2E", count: 50_000)
    #expect(
      try pathVerdict(allow: ["*.example.com"], deny: ["docs.example.com/a"], segments)
        == .allowed(rule: "*.example.com"))
    let allowlist = try Allowlist(allow: ["*.example.com"], deny: ["docs.example.com/admin"])
    #expect(allowlist.verdict(for: "https://docs.example.com\(nested)") == .blocked(rule: "docs.example.com/admin"))
  }

  /// Thirty combining marks in a row compose; more, which no one writes, refuse the link.
  @Test(arguments: [(15, true), (31, false)])
  func aRunOfCombiningMarksPastTheStreamSafeLimitIsRefused(pairs: Int, allowed: Bool) throws {
    let marks = String(repeating: "%CC%81%CC%96", count: pairs)
    let verdict = try pathVerdict(allow: ["docs.example.com/public/*"], "https://docs.example.com/public/e\(marks)")
    if allowed {
      #expect(verdict == .allowed(rule: "docs.example.com/public/*"))
    } else {
      #expect(verdict == .notAllowed(reason: "its path holds more than 30 combining marks in a row"))
    }
  }

  /// Composing a run of marks that must be reordered (acute above, grave below, alternately)
  /// costs time that grows with the square of the run: 300,000 marks would take minutes.
  @Test(.timeLimit(.minutes(1))) func aHostileRunOfCombiningMarksIsRefusedInLinearTime() throws {
    let path = "/public/e" + String(repeating: "%CC%81%CC%96", count: 150_000)
    #expect(throws: OverlongCombiningRun.self) { try Allowlist.foldedReading(of: path) }
    let allowlist = try Allowlist(allow: ["docs.example.com/public/*"])
    #expect(!allowlist.verdict(for: "https://docs.example.com\(path)").isAllowed)
  }
}
