import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The request and the meaning of each response, alone: no transport, no clock, no actor.
@Suite struct AllowlistExchangeTests {
  static let endpoint = URL(string: "https://config.example.com/list.json")!
  static let document = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)
  static let requestTime = Date(timeIntervalSince1970: 1_000_000)
  static let responseTime = requestTime.addingTimeInterval(2)

  static func stored(etag: String? = "\"v1\"", lastModified: String? = nil) throws -> StoredAllowlist {
    StoredAllowlist(
      allowlist: try Allowlist(document: document),
      response: CachedResponse(
        document: document, etag: etag, lastModified: lastModified,
        directives: HTTPCacheDirectives(cacheControl: "max-age=60"), receivedAt: Date(timeIntervalSince1970: 0)))
  }

  private func read(
    _ status: Int, headers: [String: String] = [:], body: Data = Data(), stored: StoredAllowlist? = nil
  ) -> (Result<StoredAllowlist, RemoteAllowlistFailure>, retryAfter: Duration?) {
    AllowlistExchange.read(
      HTTPExchange(status: status, headers: headers, body: body), stored: stored, sentValidator: stored != nil,
      configuration: RemoteAllowlistConfiguration(endpoint: Self.endpoint), requestTime: Self.requestTime,
      responseTime: Self.responseTime)
  }

  private func failure(of outcome: Result<StoredAllowlist, RemoteAllowlistFailure>) -> RemoteAllowlistFailure? {
    if case .failure(let failure) = outcome { return failure }
    return nil
  }

  @Test func theRequestAsksForUncompressedJSONWithTheStoredValidators() throws {
    let (plain, plainSentValidator) = AllowlistExchange.request(
      to: Self.endpoint, headers: ["Authorization": "Bearer t"], stored: nil)
    #expect(plain.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(plain.value(forHTTPHeaderField: "Accept-Encoding") == "identity")
    #expect(plain.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    #expect(plain.value(forHTTPHeaderField: "If-None-Match") == nil)
    #expect(!plainSentValidator)

    let stored = try Self.stored(etag: "\"v1\"", lastModified: "Mon, 12 Jan 1970 13:46:40 GMT")
    let (revalidation, sentValidator) = AllowlistExchange.request(to: Self.endpoint, headers: [:], stored: stored)
    #expect(revalidation.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
    #expect(revalidation.value(forHTTPHeaderField: "If-Modified-Since") == "Mon, 12 Jan 1970 13:46:40 GMT")
    #expect(sentValidator)
  }

  @Test func aValidListIsStoredWithItsValidatorAndAge() throws {
    let (outcome, retryAfter) = read(
      200, headers: ["content-type": "application/json", "etag": "\"v2\"", "age": "10"], body: Self.document)
    let stored = try outcome.get()
    #expect(stored.response.etag == "\"v2\"")
    // RFC 9111 §4.2.3: the corrected initial age is Age plus the response delay, 10 + 2 s.
    #expect(stored.response.receivedAt == Self.responseTime.addingTimeInterval(-12))
    #expect(stored.allowlist.verdict(for: "https://example.com/") == .allowed(rule: "example.com"))
    #expect(retryAfter == nil)
  }

  @Test func anInvalidListOrPageIsRefused() {
    let invalid = read(200, headers: ["content-type": "application/json"], body: Data(#"{"allow": 1}"#.utf8))
    guard case .failure(.invalidDocument) = invalid.0 else { Issue.record("\(invalid.0)"); return }
    let portal = read(200, headers: ["content-type": "text/html"], body: Data("<html>".utf8))
    guard case .failure(.captivePortal) = portal.0 else { Issue.record("\(portal.0)"); return }
  }

  @Test func aNotModifiedKeepsTheStoredListAndRenewsItsAge() throws {
    let (outcome, _) = read(304, headers: ["etag": "\"v1\""], stored: try Self.stored())
    let revalidated = try outcome.get()
    #expect(revalidated.response.etag == "\"v1\"")
    // New again as of the 304, less its 2 s response delay (RFC 9111 §4.2.3).
    #expect(revalidated.response.receivedAt == Self.requestTime)
  }

  @Test func aNotModifiedForAnotherValidatorOrWithoutOneSentIsRefused() throws {
    let other = read(304, headers: ["etag": "\"v9\""], stored: try Self.stored())
    guard case .failure(.malformedResponse(let problem)) = other.0 else { Issue.record("\(other.0)"); return }
    #expect(problem.contains("\\\"v9\\\"") || problem.contains("v9"))
    let unasked = read(304)
    guard case .failure(.malformedResponse) = unasked.0 else { Issue.record("\(unasked.0)"); return }
  }

  @Test func refusedCredentialsAndServerErrorsAreTold() {
    #expect(failure(of: read(401).0) == .notAuthenticated(status: 401))
    #expect(failure(of: read(403).0) == .notAuthenticated(status: 403))
    let busy = read(503, headers: ["retry-after": "7"])
    #expect(failure(of: busy.0) == .serverError(status: 503))
    #expect(busy.retryAfter == .seconds(7))
    #expect(read(500).retryAfter == nil)
  }
}
