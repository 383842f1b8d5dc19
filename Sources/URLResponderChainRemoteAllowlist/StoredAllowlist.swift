import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// What is kept of an allowlist response to revalidate it and judge its freshness: the same
/// record in memory and in the cache file.
///
/// A class: never changed (a revalidation makes a new one), and copied as one reference.
final class CachedResponse: Sendable, Codable {
  let document: Data
  let etag: String?
  let lastModified: String?
  /// The detached signature header the document came with, checked again when the cache is read.
  let signature: String?
  let directives: HTTPCacheDirectives
  /// When the response was new: received (or last revalidated) minus its corrected initial
  /// age (RFC 9111 §4.2.3), so that its current age is now − `receivedAt`.
  let receivedAt: Date

  init(
    document: Data, etag: String?, lastModified: String?, signature: String? = nil, directives: HTTPCacheDirectives,
    receivedAt: Date
  ) {
    self.document = document
    self.etag = etag
    self.lastModified = lastModified
    self.signature = signature
    self.directives = directives
    self.receivedAt = receivedAt
  }
}

/// A validated allowlist with the response it came from.
///
/// A class: never changed (a revalidation makes a new one), and copied as one reference
/// wherever it is kept or passed, instead of a list and a response field by field.
final class StoredAllowlist: Sendable {
  let allowlist: Allowlist
  let response: CachedResponse

  init(allowlist: Allowlist, response: CachedResponse) {
    self.allowlist = allowlist
    self.response = response
  }

  /// How usable the list is at `now` (RFC 9111 freshness, RFC 5861 stale windows).
  func freshness(at now: Date) -> CacheFreshness {
    response.directives.freshness(age: age(at: now))
  }

  /// The seconds the list stays fresh from `now`; zero or less once it is stale.
  func remainingFreshness(at now: Date) -> Double {
    response.directives.freshnessLifetime - age(at: now)
  }

  /// The response's current age (RFC 9111 §4.2.3), in seconds.
  private func age(at now: Date) -> Double {
    max(0, now.timeIntervalSince(response.receivedAt))
  }
}

/// The cache file: the last validated response, for the endpoint it came from.
struct PersistedAllowlist: Codable {
  static let formatName = "URLResponderChain.allowlist-cache"
  static let fileName = "allowlist-cache.json"

  var format = formatName
  var formatVersion = 1
  let endpoint: String
  let response: CachedResponse
}
