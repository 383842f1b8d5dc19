import Foundation

/// What a `304 Not Modified` does to the stored response it selected (RFC 9111 §4.3.4).
///
/// The stored response's header fields that the 304 names are replaced and the rest are kept:
/// a new `Cache-Control` replaces the stored directives, but keeps the stored `Expires`
/// lifetime unless the 304 carries an `Expires` of its own; an `Expires` alone replaces only
/// that lifetime. A 304 that makes the response unstorable (`no-store`, or varying on `*`)
/// does so whatever else it names. The response is new again as of the 304 (`receivedAt`).
enum NotModifiedUpdate {
  /// The stored response after the 304.
  ///
  /// - Parameters:
  ///   - stored: The response the 304 selected.
  ///   - headers: The 304's header fields, names lowercased.
  ///   - directives: The 304's caching information (``HTTPCacheDirectives/init(response:freshness:)``).
  ///   - receivedAt: When the 304 was new.
  static func apply(
    to stored: CachedResponse, headers: [String: String], directives: HTTPCacheDirectives, receivedAt: Date
  ) -> CachedResponse {
    var updated = stored.directives
    if headers["cache-control"] != nil {
      updated = directives
      if headers["expires"] == nil { updated.expiresLifetime = stored.directives.expiresLifetime }
    } else if headers["expires"] != nil {
      updated.expiresLifetime = directives.expiresLifetime
    }
    if directives.noStore { updated.noStore = true }
    return CachedResponse(
      document: stored.document, etag: stored.etag, lastModified: stored.lastModified, signature: stored.signature,
      directives: updated, receivedAt: receivedAt)
  }
}
