import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainWebContent

/// `WebLinkScheme.resolve(href:against:)` against the URL Standard's resolution cases (the
/// web-platform-tests corpus, which Safari follows): every link on a web page that the SDK
/// judges (an `EligibleURL`) has the host the browser would open; the others (IP addresses,
/// escapes in the host) are refused by every allowlist and the in-app presenter.
@Suite struct WebLinkResolutionCorpusTests {
  @Test func everyResolvedLinkHasTheHostABrowserWouldOpen() throws {
    let file = Fixtures.wptURLTestData
    let cases = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any])
    var checked = 0
    var withBackslash = 0
    var eligibleCount = 0
    var disagreements: [String] = []
    for case let entry as [String: Any] in cases {
      guard let input = entry["input"] as? String, let baseText = entry["base"] as? String,
        let base = URL(string: baseText), let baseScheme = base.scheme?.lowercased(),
        baseScheme == "http" || baseScheme == "https", entry["failure"] as? Bool != true,
        let expected = entry["href"] as? String, let protocolName = entry["protocol"] as? String,
        protocolName == "http:" || protocolName == "https:"
      else { continue }
      checked += 1
      if input.contains("\\") { withBackslash += 1 }
      var browserHost = (entry["hostname"] as? String ?? "").lowercased()
      if browserHost.hasSuffix(".") { browserHost.removeLast() }
      guard let resolved = WebLinkScheme.resolve(href: input, against: base) else {
        // Foundation cannot parse it: no link is opened, which is safe.
        continue
      }
      guard case .success(let eligible) = URLSafety.check(resolved) else { continue }
      eligibleCount += 1
      if eligible.host != browserHost {
        disagreements.append("\(input) against \(baseText): browser \(expected), we \(resolved.absoluteString)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
    #expect(checked > 100)
    #expect(eligibleCount > 50)
    #expect(withBackslash > 5)
  }

  @Test(arguments: [
    ("/\\evil.example/x", "https://evil.example/x"), ("\\\\evil.example/x", "https://evil.example/x"),
    ("https:\\\\evil.example/x", "https://evil.example/x"),
    ("https:/evil.example/x", "https://docs.example.com/evil.example/x"),
    ("https:////evil.example/x", "https://evil.example/x"), ("http:evil.example/x", "http://evil.example/x"),
    ("/a\\b?x\\y", "https://docs.example.com/a/b?x%5Cy"), ("https:x", "https://docs.example.com/a/x"),
    (":x", "https://docs.example.com/a/:x"),
    ("https:/x", "https://docs.example.com/x"), ("http:/evil.example/x", "http://evil.example/x"),
  ])
  func backslashesAndSlashesAfterASpecialSchemeLeadWhereABrowserGoes(href: String, expected: String) throws {
    let resolved = try #require(WebLinkScheme.resolve(href: href, against: URL(string: "https://docs.example.com/a/b")))
    #expect(resolved.absoluteString == expected)
  }
}
