import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore

/// A path rule judges every spelling a server reads as that path. RFC 3986 §2.3 and §6.2.2
/// make `%61` and `a` one character, and lenient servers read more (`%2F` as `/`, `;`
/// parameters dropped): where the spelling and the server's reading differ, the stricter
/// verdict wins.
@Suite struct PercentEncodedPathTests {
  @Test(arguments: [
    "https://docs.example.com/%61ds/1", "https://docs.example.com/%61%64%73/1",
    "https://docs.example.com/%41ds/../ads/1",
    "https://docs.example.com/a%64s", "https://docs.example.com/ads%2F1", "https://docs.example.com/ads%2f1",
    "https://docs.example.com/ads%5C1", "https://docs.example.com/ads;x=1/1", "https://docs.example.com/ads;/1",
    "https://docs.example.com/x/..;/ads/1", "https://docs.example.com/x/..%2Fads/1",
    "https://docs.example.com/x%2F..%2Fads",
    "https://docs.example.com/x/%2e%2e;/ads", "https://docs.example.com/x/.%2E%5Cads",
  ])
  func aDenyRuleMatchesEverySpellingAServerReadsAsItsPath(url: String) throws {
    let verdict = try pathVerdict(allow: ["*.example.com"], deny: ["docs.example.com/ads/*"], url)
    #expect(verdict == .blocked(rule: "docs.example.com/ads/*"))
  }

  @Test(arguments: [
    "https://docs.example.com/public/..%2Fadmin", "https://docs.example.com/public/..%2fadmin",
    "https://docs.example.com/public/..;/admin", "https://docs.example.com/public/..%5Cadmin",
    "https://docs.example.com/public%2F..%2F..%2Fadmin", "https://docs.example.com/public/.%2e;x=1/admin",
  ])
  func aPathLimitedAllowRuleIsNotEscapedThroughALenientServer(url: String) throws {
    let verdict = try pathVerdict(allow: ["docs.example.com/public/*"], url)
    #expect(!verdict.isAllowed, "\(verdict)")
  }

  @Test(arguments: [
    "https://docs.example.com/public/a;b", "https://docs.example.com/public/a%2Fb",
    "https://docs.example.com/%70ublic/x",
    "https://docs.example.com/public/%7Euser", "https://docs.example.com/public/caf%c3%a9",
  ])
  func aURLThatEveryReadingKeepsInsideIsAllowed(url: String) throws {
    #expect(try pathVerdict(allow: ["docs.example.com/public/*"], url).isAllowed)
  }

  @Test(arguments: [
    ("example.com/café/*", "https://example.com/caf%C3%A9/1"),
    ("example.com/caf%c3%a9/*", "https://example.com/caf%C3%A9/1"),
    ("example.com/caf%C3%A9/*", "https://example.com/caf%c3%a9/1"),
    ("example.com/%61ds/*", "https://example.com/ads/1"),
    ("example.com/a b/*", "https://example.com/a%20b/1"),
    ("example.com/~me", "https://example.com/%7Eme"),
    ("example.com/a[1]", "https://example.com/a%5B1%5D"),
  ])
  func aDenyRuleInAnySpellingMatchesTheLinkInAnyOther(rule: String, url: String) throws {
    #expect(try pathVerdict(allow: ["*.example.com", "example.com"], deny: [rule], url) == .blocked(rule: rule))
  }

  @Test func oneRuleInEverySpellingIsOnePattern() throws {
    let spellings = ["example.com/café/x", "example.com/caf%C3%A9/x", "example.com/caf%c3%a9/%78"]
    let paths = try spellings.map { try URLPattern($0).path }
    #expect(Set(paths.map { "\($0 as Any)" }).count == 1)
    #expect(paths[0] == [.literal("caf%C3%A9"), .literal("x")])
  }

  @Test(arguments: [
    "example.com/a%", "example.com/a%2", "example.com/a%zz/x", "example.com/%g0", "example.com/a\u{0}b",
    "example.com/a\u{1B}[2J", "example.com/a\u{7F}", "example.com/a\\b", "example.com/a/\u{301}b",
    "example.com/%2E%2E/x",
    "example.com/a%\u{301}41",
  ])
  func aPathThatNoURLSpellsOneWayIsRefusedWhenTheListIsLoaded(rule: String) {
    #expect(throws: URLPatternError.self) { try URLPattern(rule) }
    #expect(throws: AllowlistError.self) { try Allowlist(allow: ["example.org"], deny: [rule]) }
  }

  @Test(arguments: ["example.com/\u{202E}%zz", "example.com/a/\u{301}\u{202E}"])
  func aRefusedSegmentIsShownEscapedInTheReason(rule: String) {
    #expect {
      try URLPattern(rule)
    } throws: { error in
      let reason = (error as? URLPatternError)?.description ?? ""
      return reason.contains("\\u{202E}") && !reason.unicodeScalars.contains("\u{202E}")
    }
  }

  @Test(arguments: [
    ("https://example.com/%61%7e%2e%2D%5f", "/a~.-_"),
    ("https://example.com/a%2fb%3a%c3%a9", "/a%2Fb%3A%C3%A9"),
    ("https://example.com/x/%2E%2e/y", "/y"),
    ("https://example.com/%41/../b", "/b"),
    ("https://example.com/a;b=c/d", "/a;b=c/d"),
  ])
  func eligiblePathsAreInRFC3986NormalForm(url: String, path: String) throws {
    #expect(try EligibleURL(url).path == path)
    let link = try #require(URL(string: url))
    #expect(try EligibleURL(link).path == path)
  }

  /// The byte normalizer against RFC 3986's rules transcribed on scalars, on paths made of
  /// the pieces that matter: escapes of every class in both cases, stray `%`, reserved,
  /// unreserved and non-ASCII characters.
  @Test func normalizationAgreesWithRFC3986OnGeneratedPaths() async {
    let pieces = [
      "/", "a", "Z", "9", "-", ".", "_", "~", "%61", "%7e", "%7E", "%2f", "%2F", "%3a", "%c3%a9", "%C3", "%", "%2",
      "%g1",
      "%%", ";", "=", "@", ":", "!", "$", "&", "'", "(", ")", "*", "+", ",", "[", "]", "|", "^", "\"", "{", "`", " ",
      "é", "e\u{301}", "\u{FEFF}", "例", "%00", "%25", "%2e", "%5C", "%5c",
    ]
    var generator = SeededGenerator(seed: 3986)
    var mismatches: [String] = []
    for round in 0..<20_000 {
      if round % 500 == 0 { await Task.yield() }
      let path = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      if URLSafety.normalizingPercentEncoding(in: path) != ReferenceRFC3986Path.normalize(path) {
        mismatches.append(path)
      }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
  }
}
