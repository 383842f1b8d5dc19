import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainRemoteAllowlist

/// RFC 9111 §4.3.4 on its own: a 304 replaces the stored header fields it names, and only those.
@Suite struct NotModifiedUpdateTests {
  let stored: CachedResponse = {
    var directives = HTTPCacheDirectives(cacheControl: "max-age=60, stale-if-error=300")
    directives.expiresLifetime = 3_600
    return CachedResponse(
      document: Data("{}".utf8), etag: "\"v1\"", lastModified: nil, directives: directives,
      receivedAt: Date(timeIntervalSince1970: 1_000))
  }()
  let now = Date(timeIntervalSince1970: 2_000)

  func update(_ headers: [String: String]) -> CachedResponse {
    let freshness = HTTPResponseFreshness(headers: headers, requestTime: now, responseTime: now)
    return NotModifiedUpdate.apply(
      to: stored, headers: headers, directives: HTTPCacheDirectives(response: headers, freshness: freshness),
      receivedAt: now)
  }

  @Test func aNewCacheControlReplacesTheDirectivesButKeepsTheStoredExpires() {
    let updated = update(["cache-control": "max-age=120"])
    #expect(updated.directives.maxAge == 120)
    #expect(updated.directives.staleIfError == nil, "the 304's Cache-Control replaces the whole field")
    #expect(updated.directives.expiresLifetime == 3_600, "the stored Expires is not named, so it stays")
  }

  @Test func anExpiresAloneReplacesOnlyTheLifetime() {
    let updated = update(["date": "Thu, 01 Jan 1970 00:33:20 GMT", "expires": "Thu, 01 Jan 1970 00:43:20 GMT"])
    #expect(updated.directives.expiresLifetime == 600)
    #expect(updated.directives.maxAge == 60)
    #expect(updated.directives.staleIfError == 300)
  }

  @Test func bothReplaceBoth() {
    let updated = update([
      "cache-control": "no-cache", "date": "Thu, 01 Jan 1970 00:33:20 GMT",
      "expires": "Thu, 01 Jan 1970 00:34:20 GMT",
    ])
    #expect(updated.directives.noCache)
    #expect(updated.directives.maxAge == nil)
    #expect(updated.directives.expiresLifetime == 60)
  }

  @Test func noCachingHeadersKeepEveryStoredDirective() {
    let updated = update(["etag": "\"v1\""])
    #expect(updated.directives == stored.directives)
    #expect(updated.document == stored.document)
  }

  @Test func theResponseIsNewAgainAsOfTheNotModified() {
    #expect(update([:]).receivedAt == now)
  }

  @Test func varyingOnEverythingMakesItUnstorable() {
    #expect(update(["vary": "*"]).directives.noStore)
    #expect(!update(["vary": "accept"]).directives.noStore)
  }
}
