import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// RFC 9111 §4.3.4: a 304 updates the stored list only if its validators name that list.
@Suite(.timeLimit(.minutes(3))) struct NotModifiedSelectionTests {
  private func stored(etag: String?, lastModified: String? = nil) -> CachedResponse {
    CachedResponse(
      document: Data(), etag: etag, lastModified: lastModified, directives: HTTPCacheDirectives(cacheControl: nil),
      receivedAt: Date())
  }

  static let monday = "Mon, 07 Nov 1994 08:49:37 GMT"
  static let sunday = "Sun, 06 Nov 1994 08:49:37 GMT"

  @Test(
    arguments: [
      // (stored ETag, stored Last-Modified, the 304's ETag, the 304's Last-Modified, selects)
      (#""v1""#, nil, #""v1""#, nil, true),
      (#""v1""#, nil, #""v2""#, nil, false),  // another strong tag: no update
      (#""v1""#, nil, #"W/"v1""#, nil, true),  // weak comparison
      (#"W/"v1""#, nil, #""v1""#, nil, false),  // strong comparison needs both strong
      (#"W/"v1""#, nil, #"W/"v1""#, nil, true),
      (#"W/"v1""#, nil, #"W/"v2""#, nil, false),
      (nil, sunday, #""v1""#, nil, false),  // names a tag the stored list does not have
      (#""v1""#, nil, "v1", nil, false),  // not an entity-tag
      (#""v1""#, nil, #""v1", "v2""#, nil, false),  // a list is not one tag
      (nil, sunday, nil, sunday, true),
      (nil, sunday, nil, monday, false),
      (#""v1""#, sunday, #""v1""#, monday, false),  // every validator it carries must correspond
      (#""v1""#, nil, nil, nil, true),  // no validator: the one stored response it answers
      (nil, sunday, nil, nil, true),
      // Canonically equivalent, so equal as Swift strings; different bytes, so different tags.
      ("\"\u{E9}\"", nil, "\"e\u{301}\"", nil, false),
      ("\"\u{E9}\"", nil, "W/\"e\u{301}\"", nil, false),
      (nil, "\u{212B}", nil, "\u{C5}", false),
    ] as [(String?, String?, String?, String?, Bool)])
  func aNotModifiedSelectsTheStoredListOnlyByItsValidators(
    storedETag: String?, storedLastModified: String?, etag: String?, lastModified: String?, selects: Bool
  ) {
    var headers: [String: String] = [:]
    headers["etag"] = etag
    headers["last-modified"] = lastModified
    let response = stored(etag: storedETag, lastModified: storedLastModified)
    #expect(NotModifiedSelection.selects(response, headers: headers) == selects)
  }

  @Test func aNotModifiedNamingAnotherStrongTagDoesNotRefreshTheList() async throws {
    let script = ReplyScript([
      .ok(
        body: Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8),
        headers: ["Cache-Control": "max-age=0", "ETag": #""v1""#]),
      .respond(status: 304, headers: ["ETag": #""v2""#, "Cache-Control": "max-age=600"], body: Data()),
      .respond(status: 304, headers: ["ETag": #""v1""#, "Cache-Control": "max-age=600"], body: Data()),
    ])
    let server = try LoopbackHTTPServer { _ in script.next() }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list"))
    configuration.cacheLocation = .memoryOnly
    configuration.retry.maximumAttempts = 1
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://example.com").isAllowed)
    let mismatched = await remote.checked("https://example.com")
    #expect(
      mismatched
        == .unavailable(.malformedResponse(#"a 304 Not Modified named "\"v2\"", not the stored list's validator"#)))
    // The stored list was not refreshed: the next check revalidates again, and the 304 that
    // names it makes it fresh for ten minutes.
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(await remote.checked("https://example.com").isAllowed)
    #expect(server.requests.count == 3)
  }
}
