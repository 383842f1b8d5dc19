import Foundation
import Testing
import URLResponderChainAllowlist

/// The README's tracker handler: a list of deny rules only, asked whether a link is blocked.
/// An allow-rule list asked whether a link is "allowed" failed open: `user@tracker.example`,
/// a port or a percent-encoded host is refused as not eligible, not allowed, so such a
/// tracker went on to the system browser instead of being discarded.
@Suite struct TrackerBlocklistTests {
  let trackers = try! Allowlist(allow: [], deny: ["tracker.example", "*.tracker.example"])

  @Test(arguments: [
    "https://tracker.example/x", "https://user@tracker.example/", "https://user:pass@tracker.example/",
    "https://TRACKER.example./a", "https://www.tracker.example/", "https://tracker.example:8443/",
    "https://%74racker.example/", "http://tracker.example/", "https://a.b.tracker.example/",
    "x-safari-https://tracker.example/x", "googlechromes://www.tracker.example/",
  ])
  func everySpellingOfATrackerIsBlocked(link: String) throws {
    let url = try #require(URL(string: link))
    guard case .blocked = trackers.verdict(for: url) else {
      Issue.record("\(link) is \(trackers.verdict(for: url))")
      return
    }
  }

  @Test(arguments: ["https://docs.example.com/", "https://tracker.example.com/", "https://nottracker.example/"])
  func otherLinksAreNotBlocked(link: String) throws {
    let url = try #require(URL(string: link))
    if case .blocked = trackers.verdict(for: url) { Issue.record("\(link) is blocked") }
  }
}
