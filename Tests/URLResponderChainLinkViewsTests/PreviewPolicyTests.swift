import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainLinkViews

/// Which policy a long press previews by, when the app sets none: the one of the presenter a
/// tap reaches, and without one, a policy that previews nothing in-app. A link button or a
/// text view with a policy of its own could preview in-app what the presenter above it sends
/// to the system browser.
@Suite struct PreviewPolicyTests {
  let web = URL(string: "https://www.swift.org/")!

  @Test func thePoliciesAreTakenInOrderTheAppsThePresentersNothing() {
    let mine = LinkPolicy(preference: .defaultBrowser)
    let presenters = LinkPolicy()
    #expect(LinkPolicy.forPreviews(chosen: mine, found: presenters).preference == .defaultBrowser)
    #expect(LinkPolicy.forPreviews(chosen: nil, found: presenters).menu(for: web)?.previewURL == web)
    #expect(LinkPolicy.forPreviews(chosen: nil, found: nil).menu(for: web)?.previewURL == nil)
    var walked = false
    _ = LinkPolicy.forPreviews(
      chosen: mine,
      found: {
        walked = true
        return presenters
      }())
    #expect(!walked, "the chain is not walked when the app chose a policy")
  }

  @Test(arguments: ["https://www.swift.org/", "http://docs.example.com/a", "mailto:a@example.com", "javascript:x"])
  func withNoPresenterAboveNothingIsPreviewedInAppAndTheMenuStays(link: String) throws {
    let url = try #require(URL(string: link))
    let nothing = LinkPolicy.previewsNothing
    #expect(nothing.eligibleURL(url) == nil, "\(link)")
    // The menu's actions are the default policy's: only the preview goes.
    #expect(nothing.menu(for: url)?.actions == LinkPolicy().menu(for: url)?.actions, "\(link)")
    #expect(nothing.menu(for: url)?.previewURL == nil, "\(link)")
  }
}
