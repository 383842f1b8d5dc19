import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore

/// Which allowlist rule a verdict names, stated by example.
@Suite struct RulePrecedenceTests {
  private func verdict(allow: [String], deny: [String] = [], _ url: String) throws -> URLVerdict {
    try Allowlist(allow: allow, deny: deny).verdict(for: url)
  }

  @Test func aMatchingDenyRuleWinsOverEveryAllowRule() throws {
    #expect(
      try verdict(allow: ["docs.example.com", "*.example.com"], deny: ["*.example.com"], "https://docs.example.com")
        == .blocked(rule: "*.example.com"))
    #expect(
      try verdict(allow: ["*.example.com"], deny: ["docs.example.com/ads/*"], "https://docs.example.com/ads/1")
        == .blocked(rule: "docs.example.com/ads/*"))
    #expect(
      try verdict(allow: ["*.example.com"], deny: ["docs.example.com/ads/*"], "https://docs.example.com/a").isAllowed)
  }

  @Test func theBroadestParentDomainsWildcardIsNamedFirstWhateverTheOrder() throws {
    for allow in [["*.example.com", "docs.example.com"], ["docs.example.com", "*.example.com"]] {
      #expect(try verdict(allow: allow, "https://docs.example.com/a") == .allowed(rule: "*.example.com"))
    }
    for allow in [["*.example.com", "*.docs.example.com"], ["*.docs.example.com", "*.example.com"]] {
      #expect(try verdict(allow: allow, "https://a.docs.example.com/") == .allowed(rule: "*.example.com"))
    }
  }

  @Test func rulesForTheSameDomainAreNamedInDocumentOrder() throws {
    #expect(
      try verdict(allow: ["docs.example.com/guides/*", "docs.example.com"], "https://docs.example.com/guides/x")
        == .allowed(rule: "docs.example.com/guides/*"))
    #expect(
      try verdict(allow: ["docs.example.com", "docs.example.com/guides/*"], "https://docs.example.com/guides/x")
        == .allowed(rule: "docs.example.com"))
    #expect(
      try verdict(
        allow: ["*.example.com"], deny: ["docs.example.com", "*.docs.example.com"], "https://docs.example.com")
        == .blocked(rule: "docs.example.com"))
  }
}
