package import Foundation

/// How a browser reads a link's scheme; `WebLinkScheme` publishes it, link menus use it.
package enum LinkScheme {
  /// Schemes whose links never leave the document they are in: scripts, inline data, and
  /// the web view's own local and blank documents.
  package static let documentLocal = ["javascript", "vbscript", "data", "blob", "file", "about"]

  /// Whether `scheme` (lowercased) is one of ``documentLocal``.
  package static func isDocumentLocal(_ scheme: String) -> Bool {
    // A list of six: comparing is cheaper, in time and in code, than hashing into a set.
    documentLocal.contains(scheme)
  }

  /// Schemes whose links show the document of the link they wrap: `view-source:file:///x`,
  /// `jar:file:///a.jar!/b` and `filesystem:file:///x` open a document-local `file:` link.
  package static let wrapping = ["view-source", "jar", "filesystem"]

  /// Whether `url` never leaves its document: its scheme is one of ``documentLocal``, or it
  /// has none, or it wraps such a link (``wrapping``, however deeply), which is read as the
  /// scheme it wraps.
  package static func isDocumentLocal(_ url: URL) -> Bool {
    guard var scheme = of(url) else { return true }
    // On bytes: a link may be long, and comparing characters would compose its combining marks.
    let bytes = Array(url.absoluteString.utf8)
    var start = 0
    while wrapping.contains(scheme) {
      start += scheme.utf8.count + 1
      guard let colon = bytes[start...].firstIndex(of: UInt8(ascii: ":")), colon > start,
        bytes[start].asciiLowercased >= UInt8(ascii: "a"), bytes[start].asciiLowercased <= UInt8(ascii: "z"),
        bytes[start..<colon].allSatisfy({ $0.isSchemeByte })
      else { return true }  // a wrapper around no scheme: nothing the system can open
      scheme = String(decoding: bytes[start..<colon].map(\.asciiLowercased), as: UTF8.self)
    }
    return isDocumentLocal(scheme)
  }

  /// The lowercased scheme of `url`, or `nil` when it has none (Foundation reads `:x` as an
  /// empty scheme; a browser reads no scheme there).
  package static func of(_ url: URL) -> String? {
    guard let scheme = url.scheme, !scheme.isEmpty else { return nil }
    return scheme.lowercased()
  }
}

extension UInt8 {
  /// Whether the byte may stand in a scheme (RFC 3986): a letter in either case, a digit, `+`,
  /// `-` or `.`. The one reading of a scheme's bytes: the link readers of every product use it.
  package var isSchemeByte: Bool {
    let lower = asciiLowercased
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
      || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
      || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
  }
}
