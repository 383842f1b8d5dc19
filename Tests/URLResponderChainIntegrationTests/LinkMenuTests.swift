import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainRemoteAllowlist

/// What a long press shows, row by row of the table in ``LinkPolicy``'s documentation.
@MainActor
@Suite struct LinkMenuTests {
  static let allowlist = try! Allowlist(
    allow: ["docs.example.com", "*.archive.example.com"], deny: ["ads.example.com"])
  let policy = LinkPolicy(inApp: Self.allowlist)

  private func menu(_ string: String) -> LinkMenu? { policy.menu(for: URL(string: string)!) }

  @Test(arguments: [
    "https://docs.example.com/guide", "http://docs.example.com/legacy", "https://a.archive.example.com/1",
  ])
  func anAllowedWebLinkIsPreviewedInApp(link: String) throws {
    #expect(
      menu(link) == LinkMenu(previewURL: InAppBrowserURL(try EligibleURL(link)), actions: [.open, .copyLink, .share]))
  }

  @Test(arguments: [
    "https://ads.example.com/banner",  // denied
    "https://en.wikipedia.org/wiki/Hypertext",  // not allowed: goes to the system browser
    "https://docs.example.com@evil.example/login",  // refused by URLSafety
    "https://127.0.0.1/admin", "https://docs.example.com:8443/guide",  // an IP, a port no rule names
    "https://xn--pple-43d.com/",  // punycode look-alike
  ])
  func anyOtherWebLinkGetsTheMenuWithoutAPreview(link: String) {
    #expect(menu(link) == LinkMenu(previewURL: nil, actions: [.open, .copyLink, .share]))
  }

  @Test(arguments: ["mailto:editors@example.com", "tel:+15555550100", "demodoc://document/guide", "sms:+1555"])
  func anotherSchemeGetsOpenAndCopyWithoutAPreview(link: String) {
    #expect(menu(link) == LinkMenu(previewURL: nil, actions: [.open, .copyLink]))
  }

  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:x", "data:text/html,hi", "blob:https://docs.example.com/1",
    "file:///etc/passwd", "about:blank", "%20javascript:alert(1)",
  ])
  func scriptAndLocalLinksGetNoMenu(link: String) {
    #expect(policy.menu(for: URL(string: link) ?? URL(string: "%20")!) == nil)
  }

  @Test func withoutAnAllowlistEveryEligibleWebLinkIsPreviewed() {
    let open = LinkPolicy()
    #expect(open.menu(for: URL(string: "https://en.wikipedia.org/wiki/Hypertext")!)?.previewURL != nil)
    #expect(open.menu(for: URL(string: "https://user@en.wikipedia.org/")!)?.previewURL == nil)
  }

  @Test func aPortARuleNamesIsPreviewedWhenPermitted() throws {
    let list = try Allowlist(allow: ["docs.example.com:8443"])
    let rule = LinkPolicy(inApp: list, permittedPorts: [8443])
    #expect(rule.menu(for: URL(string: "https://docs.example.com:8443/a")!)?.previewURL != nil)
  }
}
