import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainLinkViews
@testable import URLResponderChainWebContent

/// Links written the way hostile pages write them, read the way a browser reads them.
@Suite struct WebLinkSchemeTests {
  @Test(arguments: [
    (" javascript:alert(1)", "javascript"), ("\tJaVaScRiPt:alert(1)", "javascript"),
    ("java\tscript:alert(1)", "javascript"), ("java\nscript:alert(1)", "javascript"),
    ("jav\r\nascript:alert(1)", "javascript"), ("\u{0}\u{1F} javascript:alert(1) \u{0}", "javascript"),
    ("  DATA:text/html,hi", "data"), ("https://docs.example.com/a", "https"), ("MAILTO:a@example.com", "mailto"),
  ])
  func disguisedSchemesResolveToWhatTheBrowserRuns(href: String, scheme: String) throws {
    let url = try #require(WebLinkScheme.resolve(href: href, against: URL(string: "https://docs.example.com/a")))
    #expect(WebLinkScheme.of(url) == scheme)
  }

  @Test(arguments: [" JavaScript:alert(1)", "java\tscript:alert(1)", "\u{1}javascript:alert(1)", "VBScript:x"])
  func disguisedScriptLinksAreRefusedOnceResolved(href: String) throws {
    let url = try #require(WebLinkScheme.resolve(href: href, against: URL(string: "https://docs.example.com/a")))
    let decision = WebNavigationPolicy().decide(
      WebNavigation(url: url, kind: .linkActivated, target: .mainFrame, currentURL: nil))
    #expect(!decision.loadsInWebView)
    #expect(decision != .notHandled(url))
  }

  @Test(arguments: [
    ("#notes", "https://docs.example.com/a?x=1#notes"), ("guide", "https://docs.example.com/guide"),
    ("//evil.example/x", "https://evil.example/x"), ("  ", "https://docs.example.com/a?x=1"),
  ])
  func relativeLinksResolveAgainstThePage(href: String, expected: String) {
    #expect(
      WebLinkScheme.resolve(href: href, against: URL(string: "https://docs.example.com/a?x=1"))?.absoluteString
        == expected)
  }

  @Test(arguments: ["1a:b", ":nothing", "no-colon", "%6Aavascript:x", "ja vascript:x", "é:x"])
  func textThatDoesNotStartWithASchemeHasNone(text: String) {
    #expect(WebLinkScheme.scheme(of: text) == nil)
  }

  /// The policy reads a `URL`'s scheme from Foundation; the web view reads an `href`'s from
  /// its text. On every URL Foundation makes of the WPT inputs and of hostile spellings, the
  /// two readings agree.
  @Test func foundationsSchemeIsTheSchemeTheTextStartsWith() throws {
    let file = Fixtures.wptURLTestData
    let cases = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any])
    var inputs = cases.compactMap { ($0 as? [String: Any])?["input"] as? String }
    inputs += [
      "JavaScript:alert(1)", "HTTPS://example.com", "data:text/html,x", "a+b-c.d:x", "mailto:a@b", "x:",
      "https:relative", "//example.com/a", "relative/path", "1a:b",
    ]
    var compared = 0
    for input in inputs {
      guard let url = URL(string: input) else { continue }
      #expect(LinkScheme.of(url) == WebLinkScheme.scheme(of: url.absoluteString), "\(input)")
      compared += 1
    }
    #expect(compared > 300)
  }
}
