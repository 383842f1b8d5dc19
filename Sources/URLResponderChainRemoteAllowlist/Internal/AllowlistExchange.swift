import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request to the allowlist endpoint and what its response means: pure functions of the
/// configuration, the stored list and the exchange, so that each status is tested alone.
enum AllowlistExchange {
  /// The request for the list: JSON, uncompressed, with the configuration's headers and the
  /// stored list's validators.
  ///
  /// - Returns: The request, and whether it carries a validator (so a 304 may answer it).
  static func request(
    to endpoint: URL, headers: [String: String], stored: StoredAllowlist?
  ) -> (request: URLRequest, sentValidator: Bool) {
    var request = URLRequest(url: endpoint)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    // Uncompressed, so that a body cut short cannot pass as whole: URLSession decodes gzip and
    // deflate itself and, on some platforms, accepts a stream without its end or checksum.
    // Identity leaves only HTTP's own framing, which it does check (Content-Length, chunks).
    request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    var sentValidator = false
    if let etag = stored?.response.etag {
      request.setValue(etag, forHTTPHeaderField: "If-None-Match")
      sentValidator = true
    }
    if let lastModified = stored?.response.lastModified {
      request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
      sentValidator = true
    }
    return (request, sentValidator)
  }

  /// What a response means.
  ///
  /// - 200: a new list, once its framing, integrity and document are valid;
  /// - 304: the stored list, its freshness updated (RFC 9111 §4.3.4), when the response
  ///   selects it;
  /// - 401 and 403: not authenticated (credentials may be refreshed once);
  /// - anything else: a server error, with the `Retry-After` it named.
  ///
  /// - Parameters:
  ///   - requestTime: When the request was sent; `responseTime`: when its response arrived
  ///     (RFC 9111 §4.2.3's age calculation).
  /// - Returns: The list to store or the failure, and how long the server asked to wait.
  static func read(
    _ exchange: HTTPExchange, stored: StoredAllowlist?, sentValidator: Bool,
    configuration: RemoteAllowlistConfiguration, requestTime: Date, responseTime: Date
  ) -> (Result<StoredAllowlist, RemoteAllowlistFailure>, retryAfter: Duration?) {
    if let problem = AllowlistResponseCheck.problem(with: exchange, sentValidator: sentValidator) {
      let isPage = AllowlistResponseCheck.isWebPage(exchange)
      return (.failure(isPage ? .captivePortal(problem) : .malformedResponse(problem)), nil)
    }
    let freshness = HTTPResponseFreshness(
      headers: exchange.headers, requestTime: requestTime, responseTime: responseTime)
    // `receivedAt` is the moment the response was new: the current age (§4.2.3) is then now − receivedAt.
    let receivedAt =
      freshness.initialAge.isFinite ? responseTime.addingTimeInterval(-freshness.initialAge) : .distantPast
    let directives = HTTPCacheDirectives(response: exchange.headers, freshness: freshness)
    switch exchange.status {
    case 200:
      let signature = configuration.integrity.signatureHeaderName.flatMap { exchange.headers[$0] }
      if let problem = configuration.integrity.problem(document: exchange.body, signatureHeader: signature) {
        return (.failure(.integrityFailed(problem)), nil)
      }
      do throws(AllowlistError) {
        let allowlist = try Allowlist(
          document: exchange.body, entryLimit: configuration.entryLimit, byteLimit: configuration.byteLimit)
        let response = CachedResponse(
          document: exchange.body, etag: exchange.headers["etag"], lastModified: exchange.headers["last-modified"],
          signature: signature, directives: directives, receivedAt: receivedAt)
        return (.success(StoredAllowlist(allowlist: allowlist, response: response)), nil)
      } catch {
        return (.failure(.invalidDocument(error.problems.map(\.description).joined(separator: "; "))), nil)
      }
    case 304:
      // A 304 without a stored list cannot happen: no validator was sent, and the response
      // check refused it above.
      guard let stored else { return (.failure(.serverError(status: 304)), nil) }
      guard NotModifiedSelection.selects(stored.response, headers: exchange.headers) else {
        let named = exchange.headers["etag"] ?? exchange.headers["last-modified"] ?? ""
        let problem = "a 304 Not Modified named \"\(named.shownEscaped(limit: 80))\", not the stored list's validator"
        return (.failure(.malformedResponse(problem)), nil)
      }
      let response = NotModifiedUpdate.apply(
        to: stored.response, headers: exchange.headers, directives: directives, receivedAt: receivedAt)
      return (.success(StoredAllowlist(allowlist: stored.allowlist, response: response)), nil)
    case 401, 403:
      return (.failure(.notAuthenticated(status: exchange.status)), nil)
    default:
      return (
        .failure(.serverError(status: exchange.status)), retryAfter(exchange.headers["retry-after"], now: responseTime)
      )
    }
  }

  /// `Retry-After` as delta-seconds or an HTTP date (RFC 9110 §10.2.3), at most a day.
  ///
  /// Delta-seconds is `1*DIGIT` (no sign); a value too large for any integer is the longest
  /// wait there is, clamped like any other, never ignored.
  static func retryAfter(_ value: String?, now: Date) -> Duration? {
    let longest = 86_400
    guard let value = value.map({ HTTPFieldValue.trimmed($0[...]) }), !value.isEmpty else { return nil }
    if let seconds = HTTPFieldValue.deltaSeconds(value) { return .seconds(min(seconds, longest)) }
    guard let date = HTTPDate.parse(String(value), now: now) else { return nil }
    return .milliseconds(Int64(max(0, min(date.timeIntervalSince(now), Double(longest))) * 1000))
  }
}
