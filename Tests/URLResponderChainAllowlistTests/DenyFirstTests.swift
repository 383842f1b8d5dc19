import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// Deny rules are judged first, on every spelling a browser or Foundation reads as their
/// host and path, eligible for the in-app browser or not: a link a deny rule blocks is never
/// merely "refused" (which sends it to the system browser).
@Suite struct DenyFirstTests {
  /// Spellings of `https://evil.example/` that `EligibleURL` refuses but a browser loads from
  /// `evil.example`.
  static let hostSpellings = [
    "https://user@evil.example/", "https://user:pass@evil.example/", "https://@evil.example/",
    "https://good.example@evil.example/", "https://evil.example:8443/", "https://evil.example:443/",
    "https://%65vil.example/", "https://%45VIL.example/", "https://evil%2Eexample/", "https://EVIL.EXAMPLE.:8443/",
    "https://evil.example./", "https://%65vil.example:444/x", "http://user@evil.example:8080/a",
    "https://ｅvil.example/", "https://ＥＶＩＬ.example/", "https://ev\u{AD}il.example/", "https:evil.example/",
    "https:\\\\evil.example/", "https://evil.example\\@good.example/",
    "https://user@sub.evil.example/", "https://sub.evil.example:8443/",
  ]

  @Test(arguments: hostSpellings)
  func aDenyRuleBlocksEverySpellingOfItsHost(link: String) throws {
    let allowlist = try Allowlist(allow: ["*.good.example", "good.example"], deny: ["evil.example", "*.evil.example"])
    let verdict = allowlist.verdict(for: link)
    #expect(verdict.isBlocked, "\(link): \(verdict)")
    // Foundation escapes a backslash: the system is handed `%5C`, which no browser reads as
    // a separator, so only the written text's reading is the browser's.
    if let url = URL(string: link), !url.absoluteString.contains("%5C") {
      #expect(allowlist.verdict(for: url).isBlocked, "\(link) as a URL")
    }
  }

  @Test(arguments: hostSpellings)
  func thePolicySendsEverySpellingOfABlockedHostNowhere(link: String) throws {
    let url = try #require(URL(string: link))
    guard !url.absoluteString.contains("%5C") else { return }  // see above
    let policy = LinkPolicy.inApp(["*.good.example"], blocking: ["evil.example", "*.evil.example"])
    guard case .discarded = policy.destination(for: url) else {
      Issue.record("\(link): \(policy.destination(for: url))")
      return
    }
  }

  /// The issue's four, with a list that allows nothing of them.
  @Test func theReportedLinksOpenNowhere() throws {
    let policy = LinkPolicy.inApp(["docs.example.com"], blocking: ["evil.example", "example.com/secret"])
    for link in [
      "https://user@evil.example/", "https://evil.example:8443/", "https://%65vil.example/",
      "https://example.com/%C5%BFecret",
    ] {
      let destination = policy.destination(for: try #require(URL(string: link)))
      #expect(destination.isDiscarded, "\(link): \(destination)")
    }
  }

  /// A browser reads `\` as `/`, Foundation as part of the user: each is judged.
  @Test func bothReadersOfABackslashAreJudged() throws {
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: ["a.example"])
    #expect(allowlist.verdict(for: "https://a.example\\@b.example/").isBlocked)
    let foundation = try Allowlist(allow: ["*.good.example"], deny: ["b.example"])
    #expect(foundation.verdict(for: try #require(URL(string: "https://a.example\\@b.example/"))).isBlocked)
  }

  /// A path deny rule is judged on the readings of a link whose host alone is not eligible.
  @Test(arguments: [
    "https://user@example.com/secret", "https://example.com:8443/secret", "https://%65xample.com/secret",
    "https://example.com:8443/SECRET", "https://user@example.com/%C5%BFecret", "https://user@example.com/ｓecret",
    "https://example.com/public/..%EF%BC%8Fsecret", "https://user@example.com/public/..\\secret",
  ])
  func aPathDenyRuleBlocksTheReadingsOfAnIneligibleLink(link: String) throws {
    let allowlist = try Allowlist(allow: ["example.com/public/*"], deny: ["example.com/secret"])
    let verdict = allowlist.verdict(for: link)
    #expect(verdict.isBlocked, "\(link): \(verdict)")
  }

  /// A path deny rule blocks a case or compatibility variant even on a host with no allow rule
  /// (before, the verdict stopped at "no allow rule matches" and the system opened it).
  @Test(arguments: ["https://example.com/SECRET", "https://example.com/%C5%BFecret", "https://example.com/secret."])
  func aPathDenyRuleBlocksVariantsOnAHostNothingAllows(link: String) throws {
    let allowlist = try Allowlist(allow: ["other.example"], deny: ["example.com/secret"])
    #expect(allowlist.verdict(for: link).isBlocked, "\(link)")
  }

  /// What no deny rule names still gets the verdict it had: refused when not eligible.
  @Test(arguments: [
    "https://user@good.example/", "https://good.example:8443/", "https://%67ood.example/", "https://127.0.0.1/",
  ])
  func aSpellingNoDenyRuleNamesIsStillRefused(link: String) throws {
    let allowlist = try Allowlist(allow: ["good.example"], deny: ["evil.example"])
    guard case .notAllowed = allowlist.verdict(for: link) else {
      Issue.record("\(link): \(allowlist.verdict(for: link))")
      return
    }
  }

  /// An allow rule still names its port: a non-default port is not allowed by a rule without
  /// one, though a deny rule without one blocks it.
  @Test func anAllowRuleWithoutAPortDoesNotAllowAnotherPort() throws {
    let allowlist = try Allowlist(allow: ["good.example", "good.example:8443"], deny: ["good.example/admin"])
    #expect(allowlist.verdict(for: "https://good.example:8443/").isAllowed)
    #expect(allowlist.verdict(for: "https://good.example:8443/admin").isBlocked)
    #expect(!allowlist.verdict(for: "https://good.example:9443/").isAllowed)
  }
}

extension LinkDestination {
  fileprivate var isDiscarded: Bool { if case .discarded = self { true } else { false } }
}
