import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// The edges of the readings where a one-character slip opens or closes a path: each test
/// here fails when the boundary it names moves (issue 68, 12).
@Suite struct ReadingBoundaryTests {
  private static let allowlist = try! Allowlist(allow: ["good.example"], deny: ["evil.example"])

  /// An `inApp` rule matches its path as written: only deny rules match on every reading.
  @Test func anInAppRuleMatchesItsPathAsWrittenOnly() throws {
    let policy = LinkPolicy(rules: [.inApp("example.com/a")])
    let capital = policy.destination(for: try #require(URL(string: "https://example.com/A")))
    guard case .systemAction = capital else {
      Issue.record("/A is not /a to an allow rule: \(capital)")
      return
    }
    #expect(
      policy.destination(for: try #require(URL(string: "https://example.com/a")))
        == .inApp(nativeAppFirst: false, reason: "in-app by the rule \"example.com/a\""))
  }

  /// A policy's `discarded` rule is judged before its list: the rule names itself.
  @Test func aDiscardedRuleIsJudgedBeforeTheListsDenyRule() throws {
    let policy = LinkPolicy(
      inApp: try Allowlist(allow: ["good.example"], deny: ["evil.example"]), rules: [.discarded("evil.example")])
    #expect(
      policy.destination(for: try #require(URL(string: "https://evil.example/")))
        == .discarded(reason: "discarded by the rule \"evil.example\""))
  }

  /// A link that wraps exactly as many links as are read is read; one more is not.
  @Test func aLinkWrappingExactlyTheLimitIsRead() {
    func wrapping(_ count: Int) -> String {
      "myapp://x?" + (0..<count).map { "u\($0)=https://a\($0).example/" }.joined(separator: "&")
    }
    let limit = URLSafety.wrappedLinkLimit
    #expect(limit == 32)
    // The links it wraps, and what follows its scheme read as `https:` and as `http:`.
    #expect(URLSafety.webLinks(wrappedIn: wrapping(limit))?.count == limit + 2)
    #expect(Self.allowlist.verdict(for: wrapping(limit)).isBlocked == false)
    #expect(URLSafety.webLinks(wrappedIn: wrapping(limit + 1)) == nil)
    #expect(Self.allowlist.verdict(for: wrapping(limit + 1)).isBlocked)
  }

  /// `;` separates query parameters as `&` does (as many servers and the old HTML advice
  /// read it), so a value after it is read as a wrapped link.
  @Test(arguments: ["myapp://x?a=1;u=https://evil.example/", "myapp://x#a=1;u=https://evil.example/"])
  func aSemicolonSeparatesParameters(link: String) {
    #expect(Self.allowlist.verdict(for: link).isBlocked, "\(link)")
  }

  /// Issue 68, 5: an `http:` or `https:` wherever it stands in a link of another scheme,
  /// as written or decoded once, is read as the web link it begins.
  @Test(arguments: [
    "ms-word:ofe|u|https://evil.example/doc.docx", "ms-excel:ofv|u|https://evil.example/a.xlsx",
    "ms-word:ofe|u|https%3A%2F%2Fevil.example%2Fd.docx", "ms-word:ofe%7Cu%7Chttps%3A//evil.example/d.docx",
    "myapp://open/https://evil.example/x", "x:abc|HTTPS:\\\\evil.example",
  ])
  func anEmbeddedWebLinkIsRead(link: String) {
    #expect(Self.allowlist.verdict(for: link).isBlocked, "\(link): \(Self.allowlist.verdict(for: link))")
  }

  /// However many `https:` a link holds, reading it costs no more than the limit's worth.
  @Test func aLinkOfManyEmbeddedSchemesCannotBeReadAndIsBlocked() {
    let link = "x:" + String(repeating: "|https:", count: 20_000)
    #expect(URLSafety.webLinks(wrappedIn: link) == nil)
    #expect(Self.allowlist.verdict(for: link).isBlocked)
  }

  /// Issue 68, 8: a path deny rule sees through an encoded `;` and a NUL.
  @Test(arguments: ["/a%3Bx%00/admin", "/a%3bx/admin", "/a%253Bx%2500/admin", "/a;%00/admin", "/a%3B/admin"])
  func anEncodedParameterOrANULHidesNoDeniedPath(path: String) throws {
    let allowlist = try Allowlist(allow: ["example.org/*"], deny: ["example.org/a/admin"])
    #expect(allowlist.verdict(for: "https://example.org" + path).isBlocked, "\(path)")
  }

  /// Issue 68, 2: every reading is judged for deny rules before one refuses the link.
  @Test(arguments: ["/public/..%5CSECRET", "/public/..%2Fsecret.", "/public/..%2F%2573ecret"])
  func aDenyRuleIsJudgedOnEveryReadingBeforeAnyRefusal(path: String) throws {
    let allowlist = try Allowlist(allow: ["example.com/public/*"], deny: ["example.com/secret"])
    #expect(allowlist.verdict(for: "https://example.com" + path) == .blocked(rule: "example.com/secret"), "\(path)")
  }

  /// Issue 68, 2: a path that cannot be read is blocked by a deny rule that could match it;
  /// without one it is not allowed, and nothing else changes.
  @Test func aPathThatCannotBeReadIsBlockedByADenyRuleThatCouldMatchIt() throws {
    let marks = String(repeating: "%CC%81", count: 31)
    let denying = try Allowlist(allow: ["example.com"], deny: ["example.com/secret/*"])
    #expect(denying.verdict(for: "https://example.com/SECRET/x" + marks) == .blocked(rule: "example.com/secret/*"))
    #expect(denying.verdict(for: "https://example.com/other" + marks).isBlocked)
    let otherHost = try Allowlist(allow: ["example.com"], deny: ["example.org/secret/*"])
    guard case .allowed = otherHost.verdict(for: "https://example.com/x" + marks) else {
      Issue.record(
        "no deny rule names example.com with a path: \(otherHost.verdict(for: "https://example.com/x" + marks))")
      return
    }
    let pathAllow = try Allowlist(allow: ["example.com/*"])
    guard case .notAllowed = pathAllow.verdict(for: "https://example.com/x" + marks) else {
      Issue.record("an allow rule with a path allows no unreadable path")
      return
    }
  }

  /// `URLPattern.match` never captures a dot segment, however it is spelled.
  @Test(arguments: ["..%2F..%2Fsecret", "%2E%2E", "%252E%252E", "a%2F..", "..%5Csecret", ".%2E"])
  func aPlaceholderNeverCapturesADotSegment(segment: String) throws {
    let pattern = try URLPattern("example.com/files/:name")
    let url = try EligibleURL("https://example.com/files/" + segment)
    #expect(pattern.match(url) == nil, "\(segment)")
    let plain = try EligibleURL("https://example.com/files/report.pdf")
    #expect(pattern.match(plain)?.parameters == ["name": "report.pdf"])
  }

  /// Issue 68, 7: the declaration of a list shows no link on a non-default port in-app, even
  /// when a rule names the port (`url-allowlist check` answers the same).
  @Test func theDeclarationOfAListShowsNoLinkOnAPortInApp() throws {
    let policy = LinkPolicy(inApp: try Allowlist(allow: ["https://app.example.org:8443"]))
    guard case .systemAction = policy.destination(for: try #require(URL(string: "https://app.example.org:8443/x")))
    else {
      Issue.record("a port goes to the system")
      return
    }
  }

  /// A subdomain whose first labels no rule can name (an underscore, a symbol, an `xn--`
  /// label outside the strict form) is still a subdomain: a `*.` deny rule over its parent
  /// blocks it, and an exact deny rule for the parent does not.
  @Test(arguments: [
    "https://a_b.evil.example/", "https://xn--53h.evil.example/", "https://%E2%98%95.evil.example/",
    "https://_.x.evil.example:8443/a", "https://user@a_b.evil.example/", "x-safari-https://a_b.evil.example/",
    "https://a_b.c_d.evil.example./",
  ])
  func aSubdomainWithLabelsNoRuleNamesIsBlockedByItsParentsWildcard(link: String) throws {
    let wildcard = try Allowlist(allow: ["good.example"], deny: ["*.evil.example"])
    #expect(wildcard.verdict(for: link).isBlocked, "\(link): \(wildcard.verdict(for: link))")
    let exact = try Allowlist(allow: ["good.example"], deny: ["evil.example"])
    #expect(!exact.verdict(for: link).isBlocked, "\(link) is not evil.example itself")
  }

  /// Servers that trim a segment's spaces and control characters (Java's `trim()`), that
  /// serve a file's NTFS stream as the file (IIS: `admin::$DATA`), or that read overlong UTF-8
  /// as ASCII (`%C0%AE` is `.`) read each of these as `/admin`.
  @Test(arguments: [
    "/admin%09", "/admin%0A", "/admin%0D", "/admin%0B", "/admin%0C", "/%20admin", "/%09admin", "/admin::$DATA",
    "/ADMIN::%24data", "/x/%C0%AE%C0%AE/admin", "/x/%E0%80%AE%E0%80%AE/admin", "/x/..%C0%AFadmin", "/admin%20%09.",
  ])
  func aDenyRuleReadsTrimmedStreamAndOverlongSpellings(path: String) throws {
    let allowlist = try Allowlist(allow: ["example.org/*"], deny: ["example.org/admin"])
    #expect(allowlist.verdict(for: "https://example.org" + path).isBlocked, "\(path)")
  }

  /// ...and none of them turns an ordinary path into another.
  @Test(arguments: ["/admins", "/ad%20min", "/x/%C3%A9/admin2", "/data::$DATA2"])
  func theseReadingsLeaveOtherPathsAlone(path: String) throws {
    let allowlist = try Allowlist(allow: ["example.org/*"], deny: ["example.org/admin"])
    #expect(!allowlist.verdict(for: "https://example.org" + path).isBlocked, "\(path)")
  }
}
