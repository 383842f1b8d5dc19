import URLResponderChainCore

/// Whether a `304 Not Modified` may update the stored list (RFC 9111 §4.3.4).
///
/// A 304 says "the representation you hold is still current" only about the representation
/// its validators name:
///
/// - a strong `ETag` selects the stored response only if that has the same strong entity-tag
///   (strong comparison, RFC 9110 §8.8.3.2): another tag, or a weak one, selects nothing, and
///   "the cache MUST NOT use the new response to update any stored responses";
/// - a weak `ETag` or a `Last-Modified` selects it only if it corresponds: the same
///   opaque-tag (weak comparison), the same date as stored;
/// - a 304 with no validator answers the one conditional request this client sent, made from
///   the one stored response, so it selects that response. (RFC 9110 §15.4.5 requires a 304
///   to repeat an `ETag` the 200 would have sent, not a `Last-Modified`: a list validated by
///   date alone is refreshed by a 304 that names none.)
///
/// A 304 that selects nothing leaves the stored list exactly as it was.
enum NotModifiedSelection {
  /// Whether the 304 with `headers` (names lowercased) selects `stored` for update.
  static func selects(_ stored: CachedResponse, headers: [String: String]) -> Bool {
    if let etag = headers["etag"] {
      guard let received = EntityTag(etag), let held = stored.etag.flatMap(EntityTag.init) else { return false }
      let corresponds =
        received.isWeak ? received.matchesWeakly(held) : received.matchesStrongly(held)
      guard corresponds else { return false }
    }
    if let lastModified = headers["last-modified"] {
      guard let held = stored.lastModified, HTTPFieldValue.sameBytes(lastModified[...], held[...]) else { return false }
    }
    return true
  }
}

/// An entity-tag (RFC 9110 §8.8.3): `"opaque"` or `W/"opaque"`. Not `Equatable`: tags compare
/// by the two rules of §8.8.3.2, byte for byte, never by `String`'s canonical equivalence.
struct EntityTag {
  let isWeak: Bool
  /// The tag with its quotes.
  let opaqueTag: Substring

  /// Parses one entity-tag; `nil` for anything else (a list, no quotes, a stray `W/`).
  init?(_ text: String) {
    var rest = HTTPFieldValue.trimmed(text[...])
    isWeak = rest.utf8.starts(with: "W/".utf8)
    if isWeak { rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...] }
    // etagc = %x21 / %x23-7E / obs-text: no quote, space or control inside.
    guard rest.utf8.count >= 2, rest.utf8.first == UInt8(ascii: "\""), rest.utf8.last == UInt8(ascii: "\""),
      rest.utf8.dropFirst().dropLast().allSatisfy({ $0 == 0x21 || (0x23...0x7E).contains($0) || $0 >= 0x80 })
    else { return nil }
    opaqueTag = rest
  }

  /// Weak comparison: the opaque-tags identical, whether or not either is weak.
  func matchesWeakly(_ other: EntityTag) -> Bool { HTTPFieldValue.sameBytes(opaqueTag, other.opaqueTag) }

  /// Strong comparison: neither weak, and the opaque-tags identical.
  func matchesStrongly(_ other: EntityTag) -> Bool {
    !isWeak && !other.isWeak && HTTPFieldValue.sameBytes(opaqueTag, other.opaqueTag)
  }
}
