package import Foundation

/// How a browser reads a link's scheme; `WebLinkScheme` publishes it, link menus use it.
package enum LinkScheme {
  /// Schemes whose links never leave the document they are in: scripts, inline data, and
  /// the web view's own local and blank documents.
  package static let documentLocal: Set<String> = ["javascript", "vbscript", "data", "blob", "file", "about"]

  /// The lowercased scheme of `url`'s text, or `nil` when the text does not start with one.
  package static func of(_ url: URL) -> String? {
    scheme(of: url.absoluteString)
  }

  /// The lowercased scheme `text` starts with (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
  /// then `:`), or `nil`.
  package static func scheme(of text: String) -> String? {
    var scheme = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "a"..."z", "A"..."Z":
        scheme.unicodeScalars.append(scalar)
      case "0"..."9", "+", "-", ".":
        guard !scheme.isEmpty else { return nil }
        scheme.unicodeScalars.append(scalar)
      case ":":
        return scheme.isEmpty ? nil : scheme.lowercased()
      default:
        return nil
      }
    }
    return nil
  }
}
