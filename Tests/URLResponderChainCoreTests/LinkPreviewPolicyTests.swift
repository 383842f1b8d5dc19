import Foundation
import LoopbackHTTPServer
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRemoteAllowlist

/// What a long press shows, row by row of ``LinkPreviewPolicy``'s table.
@Suite struct LinkPreviewPolicyTests {
  static let allowlist = try! Allowlist(
    allow: ["docs.example.com", "*.archive.example.com"], deny: ["ads.example.com"])
  let policy = LinkPreviewPolicy(rule: InAppLinkRule(allowlist: Self.allowlist))

  private func menu(_ string: String) -> LinkMenu? { policy.menu(for: URL(string: string)!) }

  @Test(arguments: [
    "https://docs.example.com/guide", "http://docs.example.com/legacy", "https://a.archive.example.com/1",
  ])
  func anAllowedWebLinkIsPreviewedInApp(link: String) {
    #expect(menu(link) == LinkMenu(previewURL: URL(string: link)!, actions: [.open, .copyLink, .share]))
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
    let open = LinkPreviewPolicy()
    #expect(open.menu(for: URL(string: "https://en.wikipedia.org/wiki/Hypertext")!)?.previewURL != nil)
    #expect(open.menu(for: URL(string: "https://user@en.wikipedia.org/")!)?.previewURL == nil)
  }

  @Test func aPortARuleNamesIsPreviewedWhenPermitted() throws {
    let list = try Allowlist(allow: ["docs.example.com:8443"])
    let rule = InAppLinkRule(allowlist: list, permittedPorts: [8443])
    #expect(LinkPreviewPolicy(rule: rule).menu(for: URL(string: "https://docs.example.com:8443/a")!)?.previewURL != nil)
  }
}

/// A remote allowlist is consulted for previews only through the list it holds now.
@Suite struct RemoteAllowlistCurrentListTests {
  init() { keepLoopbackOffProxies() }

  @Test func previewsWaitForTheRemoteListThenFollowIt() async throws {
    let document = Data(#"{"version": 1, "allow": ["docs.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: document, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: RemoteAllowlistConfiguration(endpoint: server.url(path: "/a.json")))
    let policy = LinkPreviewPolicy(rule: InAppLinkRule(allowlist: remote))
    let guide = URL(string: "https://docs.example.com/guide")!

    #expect(remote.currentAllowlist() == nil)
    #expect(policy.menu(for: guide)?.previewURL == nil)  // not known yet: fails closed, sends no request
    #expect(server.requests.isEmpty)

    #expect(await remote.checked(guide) == .allowed(rule: "docs.example.com"))
    #expect(policy.menu(for: guide)?.previewURL == guide)
    #expect(policy.menu(for: URL(string: "https://other.example/")!)?.previewURL == nil)
    #expect(server.requests.count == 1)
  }

  @Test func aStaleListIsNotUsedButABaselineIs() async throws {
    let document = Data(#"{"version": 1, "allow": ["docs.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: document, headers: ["Cache-Control": "no-cache"]) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/a.json"))
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://docs.example.com") == .allowed(rule: "docs.example.com"))
    #expect(remote.currentAllowlist() == nil)  // no-cache: stale at once, must be revalidated

    configuration.whenUnavailable = .failClosed(baseline: try Allowlist(allow: ["status.example.com"]))
    let withBaseline = try RemoteAllowlist(configuration: configuration)
    #expect(withBaseline.currentAllowlist()?.verdict(for: "https://status.example.com").isAllowed == true)
  }
}
