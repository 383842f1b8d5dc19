import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// A link of another scheme goes to the system, which hands it to the app that claims the
/// scheme, and a browser's scheme opens the web link it wraps: Safari opens
/// `x-safari-https://evil.example/` at `https://evil.example/`. So deny rules judge every web
/// link a link of another scheme may stand for, and a link that cannot be read is blocked.
@Suite struct WrappedWebLinkTests {
  static let allowlist = try! Allowlist(
    allow: ["good.example", "*.good.example"], deny: ["evil.example", "*.evil.example"])

  /// Ways to reach `evil.example` through another app's scheme.
  static let wrapped = [
    "x-safari-https://evil.example/", "X-SAFARI-HTTPS://EVIL.EXAMPLE/a", "x-safari-http://evil.example/",
    "x-safari-https:evil.example", "x-safari-https://good.example@evil.example/", "x-safari-https://%65vil.example/",
    "x-safari-https://ｅvil.example/", "x-safari-https://sub.evil.example:8443/", "googlechromes://evil.example/path",
    "googlechrome://user@evil.example:8080/", "googlechromes:evil.example", "microsoft-edge-https://evil.example/",
    "opera-https://evil.example/", "unknown-browser://evil.example/", "webcal://evil.example/calendar.ics",
    "feed:https://evil.example/rss", "firefox://open-url?url=https%3A%2F%2Fevil.example%2F",
    "firefox://open-url?url=https://evil.example/", "brave://open-url?url=https%3A%2F%2Fsub.evil.example",
    "googlechrome-x-callback://x-callback-url/open/?x-source=a&url=https%3A%2F%2Fevil.example",
    "itms-services://?action=download-manifest&url=https://evil.example/app.plist",
    "firefox://open-url?url=x-safari-https%3A%2F%2Fevil.example", "firefox://open-url#url=https://evil.example",
    "ddg://search?https://evil.example", "firefox://open-url?url=HTTPS://EVIL.EXAMPLE",
    " x-safari-https://evil.example/ ", "x-safari-https://evil.example\\@good.example/",
  ]

  @Test(arguments: wrapped)
  func aDenyRuleBlocksAWebLinkWrappedInAnotherScheme(link: String) {
    let verdict = Self.allowlist.verdict(for: link)
    #expect(verdict.isBlocked, "\(link): \(verdict)")
    // Foundation escapes a backslash: the system is handed `%5C`, which no browser reads as
    // a separator (as `DenyFirstTests` says).
    if let url = URL(string: link), !url.absoluteString.contains("%5C") {
      #expect(Self.allowlist.verdict(for: url).isBlocked, "\(link) as a URL: \(Self.allowlist.verdict(for: url))")
    }
  }

  /// What a wrapped link opens elsewhere never makes it allowed: the list allows web links.
  @Test(arguments: [
    "x-safari-https://good.example/", "firefox://open-url?url=https://good.example", "mailto:someone@evil.example",
    "tel:+15555550100", "sms:+15555550100&body=https://evil.example", "myapp://document/42",
    "facetime://someone@evil.example", "x-safari-https://evil-example.com/", "x-safari-https://evil.example.com/",
    "myapp://x?=", "myapp://x?a=&=b&&;;==#=", "myapp://x?time=12:30", "myapp:", ":", "myapp://x?url=%",
    "1x:evil.example",
  ])
  func otherLinksAreNeitherAllowedNorBlocked(link: String) {
    let verdict = Self.allowlist.verdict(for: link)
    guard case .notAllowed = verdict else {
      Issue.record("\(link): \(verdict)")
      return
    }
  }

  @Test func theWebLinksALinkWraps() throws {
    #expect(URLSafety.webLinks(wrappedIn: "https://evil.example/?url=https://other.example") == [])
    #expect(URLSafety.webLinks(wrappedIn: "mailto:someone@evil.example?body=https://evil.example") == [])
    #expect(
      URLSafety.webLinks(wrappedIn: "x-safari-https://evil.example/a")
        == ["https://evil.example/a", "http://evil.example/a"])
    let firefox = "firefox://open-url?url=x-safari-https%3A%2F%2Fevil.example"
    let nested = try #require(URLSafety.webLinks(wrappedIn: firefox))
    #expect(nested.contains("https://evil.example"))
    #expect(nested.contains("https://open-url?url=x-safari-https%3A%2F%2Fevil.example"))
  }

  /// A link nested deeper, or wrapping more links, than is read is blocked whenever the list
  /// has a deny rule: a deny rule that cannot read a link matches it.
  @Test func aLinkThatCannotBeReadIsBlockedByAListWithDenyRules() throws {
    var nested = "https://evil.example/"
    for _ in 0..<5 {
      nested = "firefox://open-url?url=" + nested.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }
    #expect(URLSafety.webLinks(wrappedIn: nested) == nil)
    #expect(Self.allowlist.verdict(for: nested) == .blocked(rule: "evil.example"))
    let many = "myapp://x?" + (0..<40).map { "u\($0)=https://a\($0).example" }.joined(separator: "&")
    #expect(URLSafety.webLinks(wrappedIn: many) == nil)
    #expect(Self.allowlist.verdict(for: many).isBlocked)
    #expect(try Allowlist(allow: ["good.example"]).verdict(for: many).isBlocked == false, "no deny rule, no block")
    // A long, ordinary app link is read, colons in its values too.
    let times = "myapp://x?" + (0..<40).map { "t\($0)=12:\($0)&n\($0)=a b: c" }.joined(separator: "&")
    #expect(URLSafety.webLinks(wrappedIn: times) != nil)
    let ordinary = "myapp://x?" + (0..<40).map { "key\($0)=value\($0)" }.joined(separator: "&")
    #expect(URLSafety.webLinks(wrappedIn: ordinary) != nil)
    #expect(Self.allowlist.verdict(for: ordinary).isBlocked == false)
  }

  @Test(arguments: ["x-safari-https://evil.example/", "firefox://open-url?url=https%3A%2F%2Fevil.example"])
  func thePolicySendsAWrappedBlockedLinkNowhere(link: String) throws {
    let url = try #require(URL(string: link))
    let listed = LinkPolicy.inApp(["good.example"], blocking: ["evil.example"])
    #expect(listed.destination(for: url) == .discarded(reason: "blocked by the deny rule \"evil.example\""))
    let ruled = LinkPolicy(rules: [.discarded("evil.example"), .inApp("good.example")])
    #expect(ruled.destination(for: url) == .discarded(reason: "discarded by the rule \"evil.example\""))
    guard case .systemAction = LinkPolicy().destination(for: url) else {
      Issue.record("without deny rules, the system opens it: \(LinkPolicy().destination(for: url))")
      return
    }
    guard case .systemAction = listed.destination(for: try #require(URL(string: "x-safari-https://good.example/")))
    else {
      Issue.record("a wrapped allowed link is not shown in-app: it goes to the system")
      return
    }
  }
}

/// Over the URL Standard's conformance cases: whatever a deny rule blocks as a web link, it
/// blocks wrapped in another scheme, as Safari's `x-safari-` prefix and Firefox's
/// `open-url?url=` wrap it.
@Suite struct WrappedWebLinkCorpusTests {
  @Test func aDenyRuleBlocksTheWrappedFormOfEveryWPTLinkItBlocks() throws {
    // Each absolute web link of the corpus, with a list whose deny rule names its host.
    let blocked = try Fixtures.wptCases().compactMap { entry -> (link: String, list: Allowlist, host: String)? in
      guard let input = entry["input"] as? String, entry["failure"] as? Bool != true, entry["base"] is NSNull,
        ["http:", "https:"].contains(entry["protocol"] as? String), let hostname = entry["hostname"] as? String
      else { return nil }
      let host = hostname.lowercased().hasSuffix(".") ? String(hostname.lowercased().dropLast()) : hostname.lowercased()
      guard let list = try? Allowlist(allow: [], deny: [host]), list.verdict(for: input).isBlocked else { return nil }
      return (input.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters)), list, host)
    }
    #expect(blocked.count > 50, "the corpus was read: \(blocked.count)")
    let misses = blocked.flatMap { link, list, host in
      let encoded = link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? link
      return ["x-safari-" + link, "firefox://open-url?url=" + encoded].filter { !list.verdict(for: $0).isBlocked }
        .map { "\($0.debugDescription) (\(host))" }
    }
    #expect(misses.isEmpty, "\(misses.count) wrapped links not blocked: \(misses.prefix(20))")
  }
}
