import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainWebContent

/// One test per row of ``WebNavigationPolicy``'s table, then hostile links.
@Suite struct WebNavigationPolicyTests {
  let policy = WebNavigationPolicy()
  static let page = URL(string: "https://docs.example.com/articles/web?lang=en")!

  private func decide(
    _ string: String?, _ kind: WebNavigation.Kind = .linkActivated, target: WebNavigation.Target = .mainFrame,
    current: URL? = page
  ) -> WebNavigationDecision {
    policy.decide(
      WebNavigation(url: string.flatMap { URL(string: $0) }, kind: kind, target: target, currentURL: current))
  }

  private func isRefused(_ decision: WebNavigationDecision) -> Bool {
    if case .discarded = decision { true } else { false }
  }

  // Row: a tapped link to another document goes up the chain.
  @Test(arguments: [
    "https://docs.example.com/guide", "http://example.com/legacy", "mailto:editors@example.com", "tel:+15555550100",
    "demodoc://document/guide", "https://docs.example.com/articles/web?lang=fr#notes",
    "https://docs.example.com/articles/web",
  ])
  func aTappedLinkToAnotherDocumentGoesUpTheChain(link: String) {
    #expect(decide(link) == .notHandled(URL(string: link)!))
  }

  // Row: a fragment of the page it is on stays in the page.
  @Test(arguments: [
    "https://docs.example.com/articles/web?lang=en#notes", "https://docs.example.com/articles/web?lang=en#",
  ])
  func aTappedFragmentOfThePageStaysInThePage(link: String) {
    #expect(decide(link).loadsInWebView)
  }

  @Test func aFragmentLinkFromAPageShownWithAFragmentStaysInThePage() {
    let current = URL(string: "https://docs.example.com/a#top")!
    #expect(decide("https://docs.example.com/a#end", current: current).loadsInWebView)
  }

  // Hostile: a fragment-only link resolved against another document (a <base href> elsewhere).
  @Test func aFragmentLinkToAnotherDocumentGoesUpTheChain() throws {
    let base = URL(string: "https://evil.example/phish")!
    let resolved = try #require(WebLinkScheme.resolve(href: "#notes", against: base))
    let decision = policy.decide(
      WebNavigation(url: resolved, kind: .linkActivated, target: .mainFrame, currentURL: Self.page))
    #expect(decision == .notHandled(URL(string: "https://evil.example/phish#notes")!))
  }

  @Test func aFragmentLinkBeforeAnyPageIsShownGoesUpTheChain() {
    #expect(
      decide("https://docs.example.com/a#x", current: nil)
        == .notHandled(URL(string: "https://docs.example.com/a#x")!))
  }

  // Row: scripts and data documents are refused.
  @Test(arguments: [
    "javascript:alert(document.cookie)", "JavaScript:alert(1)", "JAVASCRIPT:void(0)", "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>", "DATA:text/html;base64,PHNjcmlwdD4=",
  ])
  func aTappedScriptOrDataLinkIsRefused(link: String) {
    #expect(isRefused(decide(link)))
  }

  // Row: blob, file and about links are the web view's own.
  @Test(arguments: ["blob:https://docs.example.com/0a1b", "file:///var/mobile/doc.html", "about:blank"])
  func aTappedBlobFileOrAboutLinkLoadsInTheWebView(link: String) {
    #expect(decide(link).loadsInWebView)
  }

  // Row: no URL, no scheme.
  @Test func aTappedLinkWithoutAURLIsRefused() {
    #expect(isRefused(decide(nil)))
  }

  @Test(arguments: ["%20javascript:alert(1)", "relative/path", "1javascript:alert(1)"])
  func aTappedLinkWithoutAReadableSchemeIsRefused(link: String) throws {
    #expect(isRefused(decide(link)))
  }

  // Rows: links inside frames.
  @Test(arguments: ["https://ads.example.com/frame2", "http://example.com/next"])
  func aTappedWebLinkInsideAFrameLoadsInTheFrame(link: String) {
    #expect(decide(link, target: .subframe).loadsInWebView)
  }

  // DESIGN: only main-frame links and new windows enter the chain; nothing in a frame does.
  @Test(arguments: [
    "mailto:a@example.com", "tel:+15555550100", "demodoc://document/guide", "https://docs.example.com/guide",
    "https://docs.example.com/articles/web?lang=en#notes",
  ])
  func noTappedLinkInsideAFrameEntersTheChain(link: String) {
    let decision = decide(link, target: .subframe)
    #expect(decision != .notHandled(URL(string: link)!))
    let scheme = URL(string: link)!.scheme!
    #expect(decision.loadsInWebView == (scheme == "https"), "web links load in the frame, others are refused")
  }

  @Test func aTappedScriptLinkInsideAFrameIsRefused() {
    #expect(isRefused(decide("javascript:alert(1)", target: .subframe)))
  }

  // Row: everything the page or the user's browsing does by itself stays in the web view.
  @Test(arguments: [WebNavigation.Kind.other, .reload, .backForward, .formSubmitted, .formResubmitted])
  func loadsNotStartedByATappedLinkStayInTheWebView(kind: WebNavigation.Kind) {
    #expect(decide("https://docs.example.com/articles/web", kind, current: nil).loadsInWebView)  // initial load
    #expect(decide("https://other.example/redirected", kind).loadsInWebView)  // redirect, script, history
    #expect(decide("https://ads.example.com/frame", kind, target: .subframe).loadsInWebView)  // subframe load
    #expect(decide("about:blank", kind, target: .subframe).loadsInWebView)
  }

  // Row (hostile): a navigation without a user gesture never opens another app.
  @Test(arguments: [
    "tel:+15555550100", "itms-apps://apps.apple.com/app/id1", "demodoc://document/guide", "mailto:a@example.com",
    "sms:+15555550100",
  ])
  func aNavigationWithoutAUserGestureToAnotherSchemeIsRefused(link: String) {
    #expect(isRefused(decide(link, .other)))
    #expect(isRefused(decide(link, .other, target: .subframe)))  // the hidden-iframe trick
    #expect(isRefused(decide(link, .formSubmitted)))
  }

  @Test func aNavigationWithoutAURLNotStartedByATapIsRefused() {
    #expect(isRefused(decide(nil, .other)))
  }

  // The app's own navigation delegate answers first; only what it allows is decided here.
  @Test(arguments: [
    ("https://docs.example.com/guide", WebNavigation.Kind.linkActivated), ("javascript:alert(1)", .linkActivated),
    ("https://docs.example.com/articles/web", .other), ("tel:+15555550100", .other),
  ])
  func whatTheAppsDelegateDidNotAllowStandsAndNothingEntersTheChain(link: String, kind: WebNavigation.Kind) {
    let navigation = WebNavigation(url: URL(string: link), kind: kind, target: .mainFrame, currentURL: Self.page)
    #expect(policy.decide(navigation, appAllowed: false) == nil)
    #expect(policy.decide(navigation, appAllowed: true) == policy.decide(navigation))
  }

  @Test func aWindowRequestCountsAsTappedForATappedLinkOrWhenPopUpsNeedATap() {
    let url = URL(string: "https://docs.example.com/guide")!
    func target(_ kind: WebNavigation.Kind, popUpsNeedATap: Bool) -> WebNavigation.Target {
      WebNavigation(windowRequestFor: url, kind: kind, popUpsNeedATap: popUpsNeedATap, currentURL: Self.page).target
    }
    #expect(target(.linkActivated, popUpsNeedATap: false) == .windowRequest(userActivated: true))
    #expect(target(.other, popUpsNeedATap: true) == .windowRequest(userActivated: true))
    // A page allowed to open windows by itself: `window.open` from a script is not a tap.
    #expect(target(.other, popUpsNeedATap: false) == .windowRequest(userActivated: false))
  }

  // Rows: new windows.
  @Test func noTargetFrameDefersToTheWindowRequest() {
    #expect(decide("https://docs.example.com/guide", target: .newWindow).loadsInWebView)
    #expect(decide("javascript:alert(1)", .other, target: .newWindow).loadsInWebView)
  }

  @Test(arguments: [WebNavigation.Kind.linkActivated, .other])
  func aWindowRequestStartedByATapGoesUpTheChain(kind: WebNavigation.Kind) {
    let url = URL(string: "https://docs.example.com/guide")!
    #expect(decide(url.absoluteString, kind, target: .windowRequest(userActivated: true)) == .notHandled(url))
  }

  @Test func aWindowRequestWithoutATapIsRefused() {
    #expect(isRefused(decide("https://docs.example.com/guide", .other, target: .windowRequest(userActivated: false))))
  }

  @Test(arguments: [
    "javascript:alert(1)", "data:text/html,hi", "blob:https://docs.example.com/0a1b", "file:///etc/passwd",
    "about:blank", nil,
  ])
  func aWindowRequestForAScriptOrLocalURLIsRefused(link: String?) {
    #expect(isRefused(decide(link, target: .windowRequest(userActivated: true))))
  }
}
