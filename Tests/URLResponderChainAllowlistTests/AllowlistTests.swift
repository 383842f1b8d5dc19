import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore

@Suite struct AllowlistTests {
  private let allowlist = try! Allowlist(allow: ["example.com", "*.trusted.org"])

  @Test(arguments: [
    "https://example.com", "https://example.com/a/b?c=d", "http://EXAMPLE.com.", "https://a.trusted.org",
    "https://a.b.c.trusted.org/x",
  ])
  func listedHostsAreAllowed(input: String) {
    #expect(allowlist.verdict(for: input).isAllowed)
  }

  @Test(arguments: [
    "https://www.example.com", "https://trusted.org", "https://example.com.evil.com", "https://evilexample.com",
    "https://eviltrusted.org", "https://trusted.org.evil.com", "https://example.com@evil.com",
    "https://evil.com/?example.com", "https://evil.com#example.com", "https://evil.com/example.com",
    "https://example.co", "https://example.com:8443", "javascript://example.com/%0Aalert(1)",
    "https://a.trusted.org\\@evil.com", "https://a.trusted.org%2F@evil.com", "http://127.0.0.1",
    "https://xn--exmple-cua.com", "https://example.com\u{0}", "data:text/html,example.com",
    "https://a.trusted.org.", "https://ａ.trusted.org", "file://example.com/etc/passwd", "",
  ])
  func hostileAndUnlistedURLsAreDenied(input: String) {
    if input == "https://a.trusted.org." {
      #expect(allowlist.verdict(for: input).isAllowed)  // one trailing dot is the same host
    } else {
      #expect(!allowlist.verdict(for: input).isAllowed)
    }
  }

  @Test func denyRulesWin() throws {
    let list = try Allowlist(allow: ["*.example.com"], deny: ["*.ads.example.com", "tracker.example.com"])
    #expect(list.verdict(for: "https://cdn.example.com").isAllowed)
    #expect(list.verdict(for: "https://x.ads.example.com") == .blocked(rule: "*.ads.example.com"))
    #expect(!list.verdict(for: "https://tracker.example.com").isAllowed)
    #expect(list.verdict(for: "https://ads.example.com").isAllowed)
  }

  @Test func pathAndPortRulesNarrowTheMatch() throws {
    let list = try Allowlist(allow: ["docs.example.org/guides/*", "https://app.example.org:8443"])
    #expect(list.verdict(for: "https://docs.example.org/guides/intro").isAllowed)
    #expect(list.verdict(for: "https://docs.example.org/guides").isAllowed)
    #expect(!list.verdict(for: "https://docs.example.org/admin").isAllowed)
    #expect(list.verdict(for: "https://app.example.org:8443/x").isAllowed)
    #expect(!list.verdict(for: "https://app.example.org/x").isAllowed)
    #expect(!list.verdict(for: "https://docs.example.org:8443/guides/a").isAllowed)
  }

  @Test func aRuleThatNamesOnlyAHostAdmitsOnlyWebURLsOnTheDefaultPort() throws {
    // The port rule makes 8443 a permitted port, so such URLs reach the host-only rule.
    let list = try Allowlist(allow: ["app.example.org", "https://app.example.org:8443/admin"])
    #expect(list.verdict(for: "https://app.example.org/x") == .allowed(rule: "app.example.org"))
    #expect(list.verdict(for: "http://app.example.org/x") == .allowed(rule: "app.example.org"))
    #expect(!list.verdict(for: "https://app.example.org:8443/x").isAllowed)
    #expect(list.verdict(for: "https://app.example.org:8443/admin").isAllowed)
    // An app's own scheme, checked elsewhere and handed in, is never a web URL.
    let appURL = try EligibleURL(#require(URL(string: "myapp://app.example.org/x")), customSchemes: ["myapp"])
    #expect(!list.verdict(for: appURL).isAllowed)
  }

  @Test(arguments: ["*.com", "*.co.uk", "*.github.io", "*.uk", "*.herokuapp.com"])
  func wildcardsOverPublicSuffixesAreRefused(pattern: String) {
    #expect(throws: AllowlistError.self) { try Allowlist(allow: [pattern]) }
  }

  @Test(arguments: [
    "", "*", "**.example.com", "exa*mple.com", "example.*", "*.*.example.com", "https://user@example.com",
    "ftp://example.com", "example.com:99999", "example.com:abc", "127.0.0.1", "example.com/a/*/b", "[::1]",
  ])
  func malformedPatternsAreRefused(pattern: String) {
    #expect(throws: AllowlistError.self) { try Allowlist(allow: [pattern]) }
  }

  @Test func everyBadEntryIsReportedByListAndIndex() {
    #expect {
      try Allowlist(allow: ["example.com", "*.com", "ok.org"], deny: ["ftp://x.com"])
    } throws: { error in
      let problems = (error as? AllowlistError)?.problems ?? []
      return problems.map(\.list) == [.allow, .deny] && problems.map(\.index) == [1, 0]
    }
  }

  @Test func aHundredThousandRulesCompileAndMatch() throws {
    let allow = (0..<100_000).map { "host\($0).example.net" }
    let list = try Allowlist(allow: allow, deny: ["host7.example.net"])
    #expect(list.count == 100_001)
    #expect(list.verdict(for: "https://host99999.example.net").isAllowed)
    #expect(!list.verdict(for: "https://host7.example.net").isAllowed)
    #expect(!list.verdict(for: "https://host100000.example.net").isAllowed)
  }
}
