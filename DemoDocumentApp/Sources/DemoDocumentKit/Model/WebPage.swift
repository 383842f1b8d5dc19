public import Foundation
import URLResponderChain

/// A block of web content: its HTML and the address it is shown at (the base of its links).
///
/// Its links are the `<a href>` elements of the HTML, with `data-expect` as their expected
/// outcome: `{"url": "https://docs.example.com/articles/web", "content": "<p>…</p>"}`.
public struct WebPage: Decodable, Sendable, Equatable {
  /// The page's address as written: relative links resolve against it.
  public let url: String
  /// The HTML.
  public let content: String

  /// Creates a page.
  public init(url: String, content: String) {
    self.url = url
    self.content = content
  }

  /// The page's links in document order: `title` is the element's text, `url` the `href`
  /// exactly as written (resolving it is the web view's job), `expect` its `data-expect`.
  public var links: [Link] { HTMLLinkScanner.links(in: content) }

  /// Where `link` leads, for warming up the in-app browser: its `href` resolved against the
  /// page as Foundation resolves it, or `nil` when Foundation cannot read it. A tap is the
  /// web view's to resolve, as a browser does.
  public func url(of link: Link) -> URL? {
    URL(string: link.url, relativeTo: URL(string: url))?.absoluteURL
  }
}

/// Finds `<a>` elements in simple, well-formed HTML: enough for the demo's documents, not an
/// HTML parser. Attribute values may be quoted with `"` or `'`; entities are not decoded.
enum HTMLLinkScanner {
  static func links(in html: String) -> [Link] {
    var links: [Link] = []
    var rest = html[...]
    while let open = rest.range(of: "<a", options: .caseInsensitive) {
      rest = rest[open.upperBound...]
      guard let next = rest.first, next == " " || next == "\t" || next == "\n" || next == ">" else { continue }
      guard let tagEnd = rest.firstIndex(of: ">") else { break }
      let attributes = Self.attributes(rest[..<tagEnd])
      rest = rest[rest.index(after: tagEnd)...]
      let close = rest.range(of: "</a>", options: .caseInsensitive)
      let text = Self.text(close.map { rest[..<$0.lowerBound] } ?? rest)
      if let close { rest = rest[close.upperBound...] }
      guard let href = attributes["href"] else { continue }
      links.append(
        Link(title: text, url: href, expect: attributes["data-expect"].flatMap(LinkExpectation.init(rawValue:))))
    }
    return links
  }

  /// `name="value"` and `name='value'` pairs; names lowercased.
  static func attributes(_ tag: Substring) -> [String: String] {
    var result: [String: String] = [:]
    var rest = tag
    while let equals = rest.firstIndex(of: "=") {
      let name = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map { $0.lowercased() }
      rest = rest[rest.index(after: equals)...].drop(while: \.isWhitespace)
      guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
      rest = rest.dropFirst()
      guard let end = rest.firstIndex(of: quote) else { break }
      if let name { result[name] = String(rest[..<end]) }
      rest = rest[rest.index(after: end)...]
    }
    return result
  }

  /// The element's text: tags removed, whitespace collapsed.
  static func text(_ inner: Substring) -> String {
    var text = ""
    var inTag = false
    for character in inner {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        text.append(character)
      }
    }
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
