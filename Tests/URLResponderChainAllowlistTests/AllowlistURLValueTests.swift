import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore

@Suite struct AllowlistURLValueTests {
  private let allowlist = try! Allowlist(allow: ["example.com"], deny: ["ads.example.com"])

  @Test func aURLValueIsJudgedAsItIs() throws {
    #expect(allowlist.verdict(for: try #require(URL(string: "https://example.com/a"))).isAllowed)
    var components = URLComponents()
    components.scheme = "https"
    components.user = "example.com"
    components.host = "evil.com"
    let trick = try #require(components.url)
    #expect(allowlist.verdict(for: trick) == .notAllowed(reason: "refused: contains a user name or password"))
    #expect(
      allowlist.verdict(for: try #require(URL(string: "https://ads.example.com"))) == .blocked(rule: "ads.example.com"))
  }

  @Test func validatedPatternsCompileWithoutReparsing() throws {
    let list = Allowlist(allowing: [try URLPattern("*.example.com")], denying: [try URLPattern("ads.example.com")])
    #expect(list.count == 2)
    #expect(list.verdict(for: "https://cdn.example.com").isAllowed)
    #expect(list.verdict(for: "https://ads.example.com") == .blocked(rule: "ads.example.com"))
    #expect(!list.verdict(for: "https://example.com").isAllowed)
  }
}
