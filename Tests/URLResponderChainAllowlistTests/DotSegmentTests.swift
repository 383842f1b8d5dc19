import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// A path-limited rule must judge the path a browser loads, not the path as written.
@Suite struct DotSegmentTests {
  static let escapes = [
    "https://docs.example.org/guides/../admin", "https://docs.example.org/guides/./../admin",
    "https://docs.example.org/guides/%2e%2e/admin", "https://docs.example.org/guides/.%2e/admin",
    "https://docs.example.org/guides/a/../../admin", "https://docs.example.org/guides/%2E%2E/admin",
    "https://docs.example.org/guides/%2e./admin", "https://docs.example.org/guides/.%2E/admin",
    "https://docs.example.org/guides/a/%2e/%2e%2e/%2E%2e/admin", "https://docs.example.org/guides/..",
  ]

  @Test(arguments: escapes)
  func aPathLimitedRuleIsNotEscapedByDotSegments(input: String) throws {
    let allowlist = try Allowlist(allow: ["docs.example.org/guides/*"])
    #expect(!allowlist.verdict(for: input).isAllowed)
    let url = try #require(URL(string: input))
    #expect(!allowlist.verdict(for: url).isAllowed)
    let eligible = try EligibleURL(input)
    #expect(!eligible.path.hasPrefix("/guides/"))
    #expect(eligible.url == url, "the URL to open is the one checked, not a re-parsed string")
  }

  @Test(arguments: [
    ("https://docs.example.org/guides/../admin", "/admin"),
    ("https://docs.example.org/guides/%2e%2e/admin", "/admin"),
    ("https://docs.example.org/guides/a/../../admin", "/admin"),
    ("https://docs.example.org/guides/./intro", "/guides/intro"),
    ("https://docs.example.org/guides/a/..", "/guides/"),
    ("https://docs.example.org/guides/a/.", "/guides/a/"),
    ("https://docs.example.org/..", "/"),
    ("https://docs.example.org/../../..", "/"),
    ("https://docs.example.org/a/...", "/a/..."),
    ("https://docs.example.org/a/%2e%2e%2e", "/a/..."),
    ("https://docs.example.org/a/%252e%252e/b", "/a/%252e%252e/b"),
    ("https://docs.example.org/a%2f../b", "/a%2F../b"),
    ("https://docs.example.org/a/..%2fb", "/a/..%2Fb"),
    ("https://docs.example.org/a//../b", "/a/b"),
    ("https://docs.example.org/a/..?x=/../y", "/"),
    ("https://docs.example.org", "/"),
  ])
  func thePathIsTheOneABrowserLoads(input: String, expected: String) throws {
    #expect(try EligibleURL(input).path == expected)
  }

  @Test func thePathStillMatchesWhereTheDotSegmentsStayInside() throws {
    let allowlist = try Allowlist(allow: ["docs.example.org/guides/*"])
    #expect(allowlist.verdict(for: "https://docs.example.org/guides/a/../intro").isAllowed)
    #expect(allowlist.verdict(for: "https://docs.example.org/admin/../guides/intro").isAllowed)
  }

  @Test(arguments: [
    "docs.example.org/guides/../admin", "docs.example.org/guides/./intro", "docs.example.org/%2e%2e/x",
    "docs.example.org/.%2E", "docs.example.org/a/%2E", "https://docs.example.org/a/../:id", "docs.example.org/ü/..",
  ])
  func aRuleWithADotSegmentIsRefusedWhenTheListIsLoaded(rule: String) {
    #expect(throws: URLPatternError.self) { try URLPattern(rule) }
    #expect(throws: AllowlistError.self) { try Allowlist(allow: [rule]) }
    let document = Data(#"{"version":1,"allow":["\#(rule)"]}"#.utf8)
    #expect(throws: AllowlistError.self) { try Allowlist(document: document) }
  }

  @Test func segmentsThatOnlyLookLikeDotsAreLiterals() throws {
    let cases = [
      ("docs.example.org/.../x", "https://docs.example.org/.../x", "https://docs.example.org/x"),
      ("docs.example.org/.well-known/x", "https://docs.example.org/.well-known/x", "https://docs.example.org/x"),
      ("docs.example.org/%2e%2e%2e", "https://docs.example.org/...", "https://docs.example.org/"),
    ]
    for (rule, matching, other) in cases {
      let allowlist = try Allowlist(allow: [rule])
      // The segment is a literal: it matches itself, and is not resolved away.
      #expect(allowlist.verdict(for: matching) == .allowed(rule: rule), "\(rule)")
      #expect(!allowlist.verdict(for: other).isAllowed, "\(rule) against \(other)")
    }
  }

  /// The resolution against the URL Standard's path state transcribed in the tests, on
  /// paths made of the segments an attacker would try.
  @Test func resolutionAgreesWithTheURLStandardOnGeneratedPaths() throws {
    let pieces = [
      "a", "b", "", ".", "..", "...", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "%2e%2e%2e", "%2f", "%252e", ".a", "a.",
      "..a", "%2", "%", "%2e%", ";x", "..;", "%2e%2e;", "~",
    ]
    var generator = SeededGenerator(seed: 24)
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...7, using: &generator)
      var path = (0..<count).map { _ in "/" + pieces.randomElement(using: &generator)! }.joined()
      if Bool.random(using: &generator) { path += "/" }
      let expected = ReferenceWHATWGPath.resolve(path)
      #expect(URLSafety.resolvingDotSegments(in: path) == expected, "\(path)")
      let input = "https://example.com" + path
      if let eligible = try? EligibleURL(input) {
        // What opens is `eligible.url`: where the input held an invalid escape such as a
        // lone "%", Foundation percent-encoded every "%" in it, so the browser reads the
        // value's own path (from its text, independently of Foundation's accessor).
        let opened = eligible.url.absoluteString
        let openedPath = String(opened.dropFirst("https://example.com".count).prefix { $0 != "?" && $0 != "#" })
        // Then in RFC 3986's normal form, which commutes with resolving dot segments.
        let normal = ReferenceRFC3986Path.normalize(ReferenceWHATWGPath.resolve(openedPath))
        #expect(eligible.path == normal, "\(path)")
        #expect(ReferenceWHATWGPath.resolve(ReferenceRFC3986Path.normalize(openedPath)) == normal, "\(path)")
        if opened == input { #expect(eligible.path == ReferenceRFC3986Path.normalize(expected), "\(path)") }
      }
    }
  }
}
