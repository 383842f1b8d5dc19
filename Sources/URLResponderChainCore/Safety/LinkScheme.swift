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

  /// The lowercased scheme of `url`, or `nil` when it has none (Foundation reads `:x` as an
  /// empty scheme; a browser reads no scheme there).
  package static func of(_ url: URL) -> String? {
    guard let scheme = url.scheme, !scheme.isEmpty else { return nil }
    return scheme.lowercased()
  }
}
