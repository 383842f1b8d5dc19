public import Foundation
import URLResponderChainCore
import URLResponderChainLinkViews

/// The scheme of a link, read the way a browser reads it, and a link's `href` resolved the
/// way a browser resolves it.
public enum WebLinkScheme {
  /// Schemes whose links never leave the document they are in: scripts, inline data, and
  /// the web view's own local and blank documents. Web views never send them up the chain,
  /// and link menus offer nothing for them.
  public static let documentLocal: Set<String> = LinkScheme.documentLocal

  /// The lowercased scheme of `url`, or `nil` when its text does not start with one
  /// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` then `:`).
  ///
  /// Foundation's `scheme` is not trusted alone: the scheme is read from `absoluteString`,
  /// so a value that still carries the spaces, tabs or control characters a browser strips
  /// (`" javascript:"`, `"java\tscript:"`) has no scheme and is refused by the policies.
  public static func of(_ url: URL) -> String? {
    LinkScheme.of(url)
  }

  /// Resolves an `href` attribute against the page's URL as the WHATWG URL standard does
  /// first: leading and trailing C0 controls and spaces are stripped, and every tab, line
  /// feed and carriage return inside is removed. So `" Java\tScript:alert(1)"` becomes
  /// `javascript:alert(1)`, which the policies refuse, as the browser would run it.
  ///
  /// - Returns: The absolute URL, or `nil` when Foundation cannot parse what remains.
  public static func resolve(href: String, against base: URL?) -> URL? {
    let scalars = href.unicodeScalars
    let isC0OrSpace: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
    guard let start = scalars.firstIndex(where: { !isC0OrSpace($0) }),
      let end = scalars.lastIndex(where: { !isC0OrSpace($0) })
    else { return base }
    var cleaned = String.UnicodeScalarView()
    for scalar in scalars[start...end] where scalar != "\t" && scalar != "\n" && scalar != "\r" {
      cleaned.append(scalar)
    }
    var text = String(cleaned)
    if let scheme = LinkScheme.scheme(of: text) {
      // The scheme is case-insensitive; Foundation keeps it as written.
      text = scheme + text.drop(while: { $0 != ":" })
    }
    return URL(string: text, relativeTo: base)?.absoluteURL
  }
}
