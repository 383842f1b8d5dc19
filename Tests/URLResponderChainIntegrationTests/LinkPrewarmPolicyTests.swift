import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainLinkViews

/// Which servers are prewarmed for the links on screen.
@MainActor
@Suite struct LinkPrewarmPolicyTests {
  static let rule = LinkPolicy(inApp: try! Allowlist(allow: ["*.example.com"], deny: ["ads.example.com"]))

  private func urls(_ strings: [String]) -> [URL] { strings.map { URL(string: $0)! } }

  @Test func onlyEligibleAllowedLinksArePrewarmedOnePerHostAsOrigins() {
    let policy = PresenterPrewarm(policy: Self.rule, maximumHosts: 5)
    let origins = policy.origins(
      for: urls([
        "https://docs.example.com/guide?x=1#a", "https://docs.example.com/other", "http://DOCS.example.com./third",
        "https://ads.example.com/banner", "mailto:a@example.com", "javascript:alert(1)", "https://evil.example/",
        "https://user@archive.example.com/", "https://archive.example.com/sources/1",
      ]))
    #expect(origins == urls(["https://docs.example.com/", "https://archive.example.com/"]))
  }

  @Test func theBoundKeepsTheFirstVisibleHosts() {
    let visible = urls((1...10).map { "https://h\($0).example.com/page" })
    #expect(
      PresenterPrewarm(policy: Self.rule, maximumHosts: 3).origins(for: visible)
        == Array(
          urls(
            ["https://h1.example.com/", "https://h2.example.com/", "https://h3.example.com/"])))
    #expect(PresenterPrewarm(policy: Self.rule, maximumHosts: 0).origins(for: visible).isEmpty)
    #expect(PresenterPrewarm(policy: Self.rule, maximumHosts: -4).maximumHosts == 0)
  }

  @Test func aPermittedPortStaysInTheOrigin() throws {
    let rule = LinkPolicy(inApp: try Allowlist(allow: ["docs.example.com:8443"]), permittedPorts: [8443])
    #expect(
      PresenterPrewarm(policy: rule).origins(for: urls(["https://docs.example.com:8443/a"]))
        == urls(["https://docs.example.com:8443/"]))
  }

  @Test func anUnchangedSetAsksForNothingNewAndAChangeReplacesIt() {
    var policy = PresenterPrewarm(policy: Self.rule, maximumHosts: 2)
    #expect(policy.update(visible: urls(["https://a.example.com/1"])) == urls(["https://a.example.com/"]))
    #expect(policy.update(visible: urls(["https://a.example.com/2", "https://evil.example/"])) == nil)
    #expect(
      policy.update(visible: urls(["https://b.example.com/1", "https://a.example.com/1"]))
        == urls(["https://b.example.com/", "https://a.example.com/"]))
    #expect(policy.update(visible: []) == [])  // everything scrolled away: invalidate, prewarm nothing
    #expect(policy.update(visible: []) == nil)
  }

  @Test func resetSaysWhetherATokenIsToBeInvalidated() {
    var policy = PresenterPrewarm(policy: Self.rule)
    #expect(policy.reset() == false)
    _ = policy.update(visible: urls(["https://a.example.com/1"]))
    #expect(policy.reset() == true)
    #expect(policy.prewarmed.isEmpty)
    #expect(policy.update(visible: urls(["https://a.example.com/1"])) == urls(["https://a.example.com/"]))
  }
}
