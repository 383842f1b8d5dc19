import Foundation
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
}
