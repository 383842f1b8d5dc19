package import Foundation
import URLResponderChainCore
import URLResponderChainLinkViews

/// The scheme of a link, read the way a browser reads it, and a link's `href` resolved the
/// way a browser resolves it.
package enum WebLinkScheme {
  /// Schemes whose links never leave the document they are in: scripts, inline data, and
  /// the web view's own local and blank documents. Web views never send them up the chain,
  /// and link menus offer nothing for them.
  package static let documentLocal = Set(LinkScheme.documentLocal)

  /// The lowercased scheme of `url`, or `nil` when its text does not start with one
  /// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` then `:`).
  ///
  /// Foundation's `scheme` is not trusted alone: the scheme is read from `absoluteString`,
  /// so a value that still carries the spaces, tabs or control characters a browser strips
  /// (`" javascript:"`, `"java\tscript:"`) has no scheme and is refused by the policies.
  package static func of(_ url: URL) -> String? {
    scheme(of: url.absoluteString)
  }

  /// Resolves an `href` attribute against the page's URL as the WHATWG URL standard does
  /// first: leading and trailing C0 controls and spaces are stripped, and every tab, line
  /// feed and carriage return inside is removed. So `" Java\tScript:alert(1)"` becomes
  /// `javascript:alert(1)`, which the policies refuse, as the browser would run it.
  ///
  /// - Returns: The absolute URL, or `nil` when Foundation cannot parse what remains.
  package static func resolve(href: String, against base: URL?) -> URL? {
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
    let scheme = Self.scheme(of: text)
    if let scheme {
      // The scheme is case-insensitive; Foundation keeps it as written.
      text = scheme + text.drop(while: { $0 != ":" })
    }
    let baseScheme = base.flatMap(LinkScheme.of)
    if let special = scheme ?? baseScheme, specialSchemes.contains(special) {
      text = readingSpecial(text, scheme: scheme, baseScheme: baseScheme)
    }
    return URL(string: text, relativeTo: base)?.absoluteURL
  }

  /// The schemes the URL Standard calls special: in them a `\` is a `/`.
  static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]

  /// `text` (an `href` with a special scheme, or without one on a page with one) rewritten
  /// so that Foundation's RFC 3986 parser reads the host and path the URL Standard reads:
  ///
  /// - before the query and fragment, every `\` is a `/` (`/\evil.example/x` is
  ///   `//evil.example/x`, another host);
  /// - after a special scheme other than the page's, any run of `/` and `\` leads to the
  ///   host (`https:\\evil.example`, `https:/evil.example` and `https:////evil.example` are
  ///   `https://evil.example`); after the page's own scheme, what follows is read as if the
  ///   scheme were not written (`https:x` on an `https` page is the relative path `x`);
  /// - without a scheme, two or more `/` or `\` lead to a host (`\\\evil.example`), and a
  ///   first segment with a `:` is a path (`:foo` is `./:foo`, never a scheme).
  static func readingSpecial(_ text: String, scheme: String?, baseScheme: String?) -> String {
    // `\` is `/` up to the query or the fragment.
    let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
    let head = String(text[..<end]).replacingOccurrences(of: "\\", with: "/")
    let tail = text[end...]
    guard let scheme else { return relative(head) + tail }
    guard scheme != "file" else { return head + tail }
    let rest = head.drop { $0 != ":" }.dropFirst()
    if scheme == baseScheme, !rest.hasPrefix("//") { return relative(String(rest)) + tail }
    return scheme + "://" + rest.drop { $0 == "/" } + tail
  }

  /// A reference without a scheme, as the URL Standard reads it on a page with a special
  /// scheme, in the spelling RFC 3986 reads alike.
  private static func relative(_ head: String) -> String {
    if head.hasPrefix("//") { return "//" + head.drop { $0 == "/" } }
    // RFC 3986 (4.2) reads a colon in the first segment as ending a scheme.
    let firstSegment = head.prefix { $0 != "/" }
    return firstSegment.contains(":") ? "./" + head : head
  }

  /// The lowercased scheme `text` starts with (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
  /// then `:`), or `nil`.
  static func scheme(of text: String) -> String? {
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
