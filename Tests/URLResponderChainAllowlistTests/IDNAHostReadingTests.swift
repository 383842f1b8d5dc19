import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// A deny rule is judged on the host a browser loads. The URL Standard's host parser
/// percent-decodes a host, then maps it by UTS #46 (non-transitional) and writes each label in
/// ASCII: `evil%E3%80%82example` loads `evil.example`, and `b%C3%BCcher.example` loads
/// `xn--bcher-kva.example`. Such a link is not eligible for the in-app browser, so it went to
/// the system browser past every deny rule: its reading was decoded and folded but never
/// mapped to ASCII, and dropped as "a host no browser loads".
@Suite struct IDNAHostReadingTests {
  /// The issue's spellings and their kin, with the host a browser loads from each.
  static let spellings: [(link: String, host: String)] = [
    ("https://evil%E3%80%82example/", "evil.example"),  // 。 ideographic full stop
    ("https://evil%EF%BD%A1example/", "evil.example"),  // ｡ halfwidth ideographic full stop
    ("https://evil%EF%BC%8Eexample/", "evil.example"),  // ． fullwidth full stop
    ("https://EVIL%E3%80%82EXAMPLE:8443/a", "evil.example"),
    ("https://user@%EF%BD%85vil%E3%80%82example/", "evil.example"),
    ("https://b%C3%BCcher.example/", "xn--bcher-kva.example"),
    ("https://B%C3%9Ccher.example/", "xn--bcher-kva.example"),
    ("https://bu%CC%88cher.example/", "xn--bcher-kva.example"),  // u and a combining diaeresis
    ("https://BU%CC%88CHER.EXAMPLE/", "xn--bcher-kva.example"),
    ("https://b%C3%BCcher%E3%80%82example/", "xn--bcher-kva.example"),
    ("https://b%C2%AD%C3%BCcher.example/", "xn--bcher-kva.example"),  // a soft hyphen, which IDNA drops
    ("https://%EF%BD%98%EF%BD%8E--bcher-kva.example/", "xn--bcher-kva.example"),  // ｘｎ, fullwidth
    ("https://shop.b%C3%BCcher.example/", "shop.xn--bcher-kva.example"),
  ]

  static let denied = ["evil.example", "bücher.example", "*.bücher.example"]

  @Test(arguments: spellings)
  func aDenyRuleBlocksTheHostABrowserLoadsFromAnEscapedIDN(link: String, host: String) throws {
    let readings = try URLSafety.readings(of: link, url: URL(string: link))
    #expect(readings.first?.host == host, "\(link): \(readings.map(\.host))")
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: Self.denied)
    #expect(allowlist.verdict(for: link).isBlocked, "\(link)")
    let url = try #require(URL(string: link))
    #expect(allowlist.verdict(for: url).isBlocked, "\(link) as a URL")
    let policy = LinkPolicy.inApp(["*.good.example"], blocking: Self.denied)
    #expect(policy.destination(for: url).isDiscarded, "\(link): \(policy.destination(for: url))")
    let rules = LinkPolicy(rules: [
      .discarded("evil.example", "bücher.example", "*.bücher.example"), .inApp("*.good.example"),
    ])
    #expect(rules.destination(for: url).isDiscarded, "\(link) by a rule")
    // A `.systemAction` rule reads every spelling as a deny rule does: none reaches a later rule.
    let system = LinkPolicy(rules: [
      .systemAction("evil.example", "bücher.example", "*.bücher.example"), .inApp("*.good.example"),
    ])
    guard case .systemAction = system.destination(for: url) else {
      Issue.record("\(link): \(system.destination(for: url))")
      return
    }
  }

  /// A web link wrapped in a browser's scheme opens in that browser, at the host it loads.
  @Test(arguments: [
    "x-safari-https://evil%E3%80%82example/", "googlechromes://b%C3%BCcher.example/",
    "firefox://open-url?url=https%3A%2F%2Fevil%25EF%25BD%25A1example%2F",
  ])
  func aWrappedLinkToSuchAHostIsBlocked(link: String) throws {
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: Self.denied)
    #expect(allowlist.verdict(for: link).isBlocked, "\(link)")
    let policy = LinkPolicy.inApp(["*.good.example"], blocking: Self.denied)
    #expect(policy.destination(for: try #require(URL(string: link))).isDiscarded, "\(link)")
  }

  /// A host ending in dots is read without them, every one: `evil.example..` escaped
  /// `evil.example` only because one dot was dropped here and one by the host check.
  @Test(arguments: [
    "https://evil.example../", "https://evil.example.../", "https://EVIL.EXAMPLE....:8443/",
    "https://evil.example%E3%80%82%E3%80%82/", "https://evil%2Eexample%2E%2E%2E/",
  ])
  func aHostEndingInDotsIsBlockedByTheRuleOfItsName(link: String) throws {
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: ["evil.example"])
    #expect(allowlist.verdict(for: link) == .blocked(rule: "evil.example"), "\(link)")
    let url = try #require(URL(string: link))
    #expect(LinkPolicy.inApp(["*.good.example"], blocking: ["evil.example"]).destination(for: url).isDiscarded)
  }

  /// A browser reads a host exactly: a letter it keeps (`ı`, dotless i) is not the ASCII
  /// letter it looks like, so a rule naming that host blocks it and one naming the ASCII host
  /// does not. A letter IDNA readers disagree on (`ß`), which no rule can name, is read as
  /// NFKC_Casefold reads it, as the stricter of the two.
  @Test func aHostIsReadAsTheBrowserReadsItNotAsItLooks() throws {
    let dotless = "https://ev%C4%B1l.example/"
    #expect(try URLSafety.readings(of: dotless, url: nil).first?.host == "xn--evl-kua.example")
    #expect(try Allowlist(allow: [], deny: ["evıl.example"]).verdict(for: dotless).isBlocked)
    #expect(try !Allowlist(allow: [], deny: ["evil.example"]).verdict(for: dotless).isBlocked)
    #expect(try URLSafety.readings(of: "https://fa%C3%9F.example/", url: nil).first?.host == "fass.example")
    #expect(try Allowlist(allow: [], deny: ["fass.example"]).verdict(for: "https://fa%C3%9F.example/").isBlocked)
    // What no deny rule names still gets the verdict it had.
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: Self.denied)
    for link in ["https://good%E3%80%82example/", "https://m%C3%BCnchen.example/", "https://%E2%98%95.example/"] {
      guard case .notAllowed = allowlist.verdict(for: link) else {
        Issue.record("\(link): \(allowlist.verdict(for: link))")
        continue
      }
    }
  }

  /// Foundation on Linux does not case fold `ᲂ` (U+1C82, a Cyrillic wide `о`), which Unicode
  /// folds and UTS #46 maps to `о`; and Foundation's compatibility mapping does not know the
  /// outlined letters of Unicode 16 (`𜳚`, U+1CCDA, is an `E` to a browser that does), which it
  /// cannot map: such a host is not read, and a list with deny rules blocks it.
  @Test func aHostIsMappedAsUnicodeFoldsItOrNotReadAtAll() throws {
    #expect(try URLSafety.readings(of: "https://%E1%B2%82.example/", url: nil).first?.host == "xn--n1a.example")
    #expect(try Allowlist(allow: [], deny: ["о.example"]).verdict(for: "https://%E1%B2%82.example/").isBlocked)
    #expect(throws: URLSafety.UnreadableHost.self) {
      try URLSafety.readings(of: "https://%F0%9C%B3%9Avil.example/", url: nil)
    }
    #expect(try Allowlist(allow: [], deny: ["evil.example"]).verdict(for: "https://%F0%9C%B3%9Avil.example/").isBlocked)
  }
}

extension LinkDestination {
  fileprivate var isDiscarded: Bool { if case .discarded = self { true } else { false } }
}
