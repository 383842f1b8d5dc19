import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainObservability

@Suite struct RedactedURLTests {
  @Test(arguments: [
    ("https://Example.COM/a/b?x=1#y", "https://example.com", "/a/b"),
    // For URLs without a host the opaque part is the path, and stays private with it.
    ("mailto:someone@example.com", "mailto:", "someone@example.com"),
    ("tel:+15551234", "tel:", "+15551234"),
    ("HTTP://user:pass@host.example:81/p", "http://host.example", "/p"),
  ])
  func keepsSchemeAndHostOnly(raw: String, shown: String, path: String) throws {
    let redacted = RedactedURL(try #require(URL(string: raw)))
    #expect(redacted.description == shown)
    #expect(redacted.path == path)
  }

  /// Two links that differ only where redaction never looks (query, fragment, case of the
  /// scheme and host) are one redacted URL; a different path, host or scheme is another.
  @Test func equalWhereTheRedactionIsEqual() throws {
    func redacted(_ raw: String) throws -> RedactedURL { RedactedURL(try #require(URL(string: raw))) }
    let base = try redacted("https://example.com/a?token=1")
    #expect(try redacted("HTTPS://EXAMPLE.com/a#top") == base)
    #expect(try redacted("https://example.com/b") != base)
    #expect(try redacted("https://example.org/a") != base)
    #expect(try redacted("http://example.com/a") != base)
    let distinct: Set = [
      base, try redacted("https://example.com/a?token=2"), try redacted("https://example.com/b"),
      try redacted("mailto:a@example.com"),
    ]
    #expect(distinct.count == 3)
  }
}
