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
    var rest = Substring(url.absoluteString)
    while wrapping.contains(scheme) {
      rest = rest.dropFirst(scheme.count + 1)
      guard let colon = rest.firstIndex(of: ":"), rest.first?.isLetter == true,
        rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
      else { return true }  // a wrapper around no scheme: nothing the system can open
      scheme = rest[..<colon].lowercased()
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
