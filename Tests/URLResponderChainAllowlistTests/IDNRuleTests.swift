import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// An app whose domain is internationalized can list it; every look-alike no rule names
/// stays refused.
@Suite struct IDNRuleTests {
  @Test(arguments: ["bücher.example", "BÜCHER.example", "xn--bcher-kva.example", "XN--BCHER-KVA.example."])
  func aRuleNamesAnIDNHostInUnicodeOrPunycodeAndIsStoredInASCII(rule: String) throws {
    #expect(try URLPattern(rule).host == "xn--bcher-kva.example")
    let allowlist = try Allowlist(allow: [rule])
    #expect(allowlist.verdict(for: "https://xn--bcher-kva.example/katalog").isAllowed)
    #expect(allowlist.verdict(for: try #require(URL(string: "https://bücher.example/katalog"))).isAllowed)
    let document = Data(#"{"version":1,"allow":["\#(rule)"]}"#.utf8)
    #expect(try Allowlist(document: document).verdict(for: "https://xn--bcher-kva.example").isAllowed)
  }

  @Test func aWildcardNamingAnIDNHostAllowsItsSubdomains() throws {
    let allowlist = try Allowlist(allow: ["*.例え.jp"])
    #expect(try URLPattern("*.例え.jp").host == "xn--r8jz45g.jp")
    #expect(allowlist.verdict(for: "https://www.xn--r8jz45g.jp/").isAllowed)
    #expect(!allowlist.verdict(for: "https://xn--r8jz45g.jp/").isAllowed, "a wildcard is not its apex")
  }

  /// The look-alikes the suite already refuses, raw and in punycode, against a list that
  /// names the real hosts in both forms.
  @Test(arguments: [
    "https://xn--exmple-cua.com", "https://exаmple.com", "https://xn--80ak6aa92e.com", "https://ｅｘａｍｐｌｅ.com",
    "https://example。com", "https://bucher.example", "https://xn--bcher-kva.example.evil.com",
    "https://xn--bcher-kvb.example", "https://b%C3%BCcher.example", "https://xn--bcher-kva.example%2F@evil.com",
    "https://xn--pple-43d.com", "https://xn--bcher-kva.examp1e", "https://xn--bcher-kva-.example",
    "https://evil.com/xn--bcher-kva.example",
  ])
  func everyLookAlikeNoRuleNamesStaysRefused(input: String) throws {
    let named: Set = ["example.com", "xn--bcher-kva.example", "apple.com"]
    let allowlist = try Allowlist(allow: ["example.com", "bücher.example", "apple.com"])
    #expect(!allowlist.verdict(for: input).isAllowed, "\(input)")
    // A URL value is judged by the host it opens: Foundation, like a browser, reads full-width
    // letters and an ideographic dot as `example.com`. Whatever is allowed opens a named host.
    if let url = URL(string: input), allowlist.verdict(for: url).isAllowed {
      #expect(named.contains(try EligibleURL(url).host), "\(input)")
      #expect(named.contains(url.absoluteString.dropFirst("https://".count).prefix { $0 != "/" }.lowercased()))
    }
  }

  @Test func aRuleNamingALookAlikeAllowsOnlyThatLookAlike() throws {
    // A Cyrillic "а" in place of the Latin "a": a different host, allowed only as itself.
    let allowlist = try Allowlist(allow: ["exаmple.com"])
    #expect(try URLPattern("exаmple.com").host == "xn--exmple-4nf.com")
    #expect(allowlist.verdict(for: "https://xn--exmple-4nf.com").isAllowed)
    #expect(!allowlist.verdict(for: "https://example.com").isAllowed)
  }

  @Test func aLabelThatIDNAReadersMapDifferentlyIsRefusedEverywhere() throws {
    // UTS 46 transitional processing reads "faß" as "fass"; the URL Standard, Safari and
    // Foundation keep "ß" (xn--fa-hia). A rule or a URL that two readers could take for two
    // hosts is refused, and "fass" stays its own host.
    #expect(throws: URLPatternError.self) { try URLPattern("faß.example") }
    #expect(throws: URLPatternError.self) { try URLPattern("xn--fa-hia.example") }
    #expect(throws: URLRefusal.self) { try EligibleURL("https://xn--fa-hia.example/") }
    #expect(throws: URLRefusal.self) { try EligibleURL(try #require(URL(string: "https://faß.example/"))) }
    let allowlist = try Allowlist(allow: ["fass.example"])
    #expect(allowlist.verdict(for: "https://fass.example/").isAllowed)
    #expect(!allowlist.verdict(for: "https://xn--fa-hia.example/").isAllowed)
    #expect(!allowlist.verdict(for: try #require(URL(string: "https://faß.example/"))).isAllowed)
  }

  @Test(arguments: [
    "ｅｘａｍｐｌｅ.com", "例え。jp", "bü cher.example", "☃.example", "-bücher.example", "xn--bcher-kvb.example",
    "ab--cd.example", "xn--.example", "\u{301}a.example", "bu\u{200D}cher.example",
  ])
  func aRuleThatIsNoValidIDNIsRefusedWithAReason(rule: String) {
    #expect(throws: URLPatternError.self) { try URLPattern(rule) }
  }

  /// `xn---tda` decodes to `ü` when the delimiter after no ASCII letters is skipped, but it
  /// is not `ü`'s one ASCII form (`xn--tda`), and ICU and browsers refuse it: encoding the
  /// decoded label again and comparing is what refuses it, as a rule and as a link's host.
  @Test func aLabelThatIsNotItsOneASCIIFormIsRefusedAsARuleAndAsAHost() throws {
    #expect(throws: URLPatternError.self) { try URLPattern("xn---tda.example") }
    #expect(throws: AllowlistError.self) { try Allowlist(allow: ["xn---tda.example"]) }
    #expect(throws: AllowlistError.self) { try Allowlist(allow: ["example.com"], deny: ["xn---tda.example"]) }
    #expect(throws: URLRefusal.self) { try EligibleURL("https://xn---tda.example/") }
    #expect(throws: URLRefusal.self) { try EligibleURL(try #require(URL(string: "https://XN---TDA.example/"))) }
    let allowlist = try Allowlist(allow: ["ü.example", "*.ü.example"])
    #expect(!allowlist.verdict(for: "https://xn---tda.example/").isAllowed)
    #expect(!allowlist.verdict(for: "https://www.xn---tda.example/").isAllowed)
  }

  @Test func urlSafetyAcceptsAValidPunycodeHostAsItIs() throws {
    let eligible = try EligibleURL("https://XN--BCHER-KVA.example./a")
    #expect(eligible.host == "xn--bcher-kva.example")
  }
}
