import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainTesting

@testable import URLResponderChainCore
@testable import URLResponderChainLinkViews

/// One place decides where a link opens: ``LinkPolicy/destination(for:)``. The presenter, the
/// long-press menu and prewarming all ask it, so they agree on every URL.
@MainActor
@Suite struct LinkPolicyTests {
  @Test(arguments: [
    ("https://docs.example.com/a", "inApp"), ("HTTP://Docs.Example.COM./a", "inApp"),
    ("mailto:a@example.com", "systemAction"), ("tel:+15555550100", "systemAction"), ("myapp://open", "systemAction"),
    ("https://user:pass@evil.example/", "systemAction"), ("https://127.0.0.1/", "systemAction"),
    ("https://0x7f.1/", "systemAction"),
    ("https://example.com:8443/", "systemAction"), ("javascript:alert(1)", "discarded"),
    ("JavaScript:alert(1)", "discarded"),
    ("data:text/html,hi", "discarded"), ("file:///etc/hosts", "discarded"), ("about:blank", "discarded"),
    ("https:relative", "systemAction"), ("relative/path", "discarded"), (":foo", "discarded"),
  ])
  func theDefaultPolicyShowsEveryEligibleWebLinkInApp(link: String, place: String) throws {
    let url = try #require(URL(string: link))
    #expect(Self.place(LinkPolicy().destination(for: url)) == place, "\(link)")
  }

  @Test func aListDecidesInAppNowhereOrSystem() throws {
    let policy = LinkPolicy.inApp(["example.com", "*.example.com"], blocking: ["example.com/admin/*"])
    let cases: [(String, String)] = [
      ("https://example.com/guide", "inApp"), ("https://docs.example.com/a", "inApp"),
      ("https://example.com/admin/x", "discarded"), ("https://example.com/ADMIN/x", "discarded"),
      ("https://example.com/%2561dmin/x", "discarded"), ("https://swift.org/", "systemAction"),
      ("https://example.com.evil.example/", "systemAction"), ("mailto:a@example.com", "systemAction"),
    ]
    for (link, place) in cases {
      #expect(Self.place(policy.destination(for: try #require(URL(string: link)))) == place, "\(link)")
    }
    let blocked = policy.destination(for: try #require(URL(string: "https://example.com/admin/x")))
    #expect(blocked.reason == "blocked by the deny rule \"example.com/admin/*\"")
  }

  @Test func thePersonsPreferenceAndTheNativeAppFirstAreThePolicys() throws {
    let url = try #require(URL(string: "https://docs.example.com/a"))
    #expect(
      LinkPolicy(universalLinksFirst: true).destination(for: url)
        == .inApp(nativeAppFirst: true, reason: "every eligible web link opens in-app"))
    let browser = LinkPolicy(preference: .defaultBrowser)
    #expect(Self.place(browser.destination(for: url)) == "nativeAppOrDefaultBrowser")
    #expect(browser.inAppBrowserURL(for: url) == nil, "no in-app preview for a link a tap opens in the browser")
    // A link the list keeps out of the app stays out, whatever the preference.
    let listed = LinkPolicy(inApp: try Allowlist(allow: ["example.com"]), preference: .defaultBrowser)
    #expect(Self.place(listed.destination(for: try #require(URL(string: "https://swift.org")))) == "systemAction")
  }

  /// A tap (the presenter), a long press (the menu's preview) and prewarming agree on every
  /// URL of a hostile set, under one policy.
  @Test func aTapAPreviewAndAPrewarmAgreeOnEveryURL() async throws {
    let policy = LinkPolicy.inApp(["example.com", "*.example.com"], blocking: ["example.com/admin/*"])
    let links = [
      "https://example.com/a", "https://docs.example.com/b", "https://example.com/admin/x", "https://Example.com./c",
      "https://user@example.com/", "https://example.com:8443/", "https://swift.org/", "https://example.com/ADMIN/",
      "mailto:a@example.com", "javascript:alert(1)", "https://xn--e1a.example.com/", "https://127.0.0.1/",
    ]
    for link in links {
      let url = try #require(URL(string: link))
      let environment = RecordingLinkEnvironment()
      let outcome = await LinkPresenter(environment: environment, policy: policy).present(
        url, from: TestViewController(name: "topic"))
      let previewed = policy.menu(for: url)?.previewURL != nil
      let prewarmed = !PresenterPrewarm(policy: policy).origins(for: [url]).isEmpty
      #expect((outcome == .presentedInApp) == previewed, "\(link)")
      #expect(previewed == prewarmed, "\(link)")
    }
  }

  /// A port the policy's rules name is shown in-app by a tap as by a preview: the presenter
  /// performs the policy's answer and never checks again by a rule of its own (it refused
  /// every non-default port, so a tap opened in the system what a long press previewed).
  @Test func aPortThePolicyPermitsIsShownByATapAsByAPreview() async throws {
    let policy = LinkPolicy.inApp(["example.com", "https://app.example.com:8443"])
    for link in ["https://app.example.com:8443/a", "https://app.example.com:9443/a", "https://example.com:8443/a"] {
      let url = try #require(URL(string: link))
      let environment = RecordingLinkEnvironment()
      let outcome = await LinkPresenter(environment: environment, policy: policy).present(
        url, from: TestViewController(name: "topic"))
      #expect((outcome == .presentedInApp) == (policy.menu(for: url)?.previewURL != nil), "\(link)")
      #expect((outcome == .presentedInApp) == (link == "https://app.example.com:8443/a"), "\(link)")
    }
  }

  /// `eligibleURL(_:)` and `destination(for:)` share one check: a URL has a checked form
  /// exactly when it opens in-app, under every kind of policy.
  @Test func theCheckedURLIsThereExactlyWhenTheLinkOpensInApp() throws {
    let policies = [
      LinkPolicy(), LinkPolicy(universalLinksFirst: true), LinkPolicy(preference: .defaultBrowser),
      LinkPolicy.inApp(["example.com", "https://app.example.com:8443"], blocking: ["example.com/admin/*"]),
    ]
    let links = [
      "https://example.com/a", "https://example.com/admin/x", "https://app.example.com:8443/", "https://swift.org/",
      "https://user@example.com/", "http://EXAMPLE.com./b", "mailto:a@example.com", "javascript:x", ":foo",
      "https://127.0.0.1/", "https://example.com:8443/",
    ]
    for policy in policies {
      for link in links {
        let url = try #require(URL(string: link))
        let opensInApp = if case .inApp = policy.destination(for: url) { true } else { false }
        let eligible = policy.inAppBrowserURL(for: url)
        #expect((eligible != nil) == opensInApp, "\(link)")
        if let eligible { #expect(eligible.url == url, "\(link)") }
      }
    }
  }

  static func place(_ destination: LinkDestination) -> String {
    switch destination {
    case .inApp: "inApp"
    case .nativeAppOrDefaultBrowser: "nativeAppOrDefaultBrowser"
    case .systemAction: "systemAction"
    case .discarded: "discarded"
    }
  }
}
