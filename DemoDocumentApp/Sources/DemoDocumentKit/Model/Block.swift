/// One block of a document, written in JSON as an object with exactly one of the keys
/// `heading`, `paragraph`, `image`, `link`, `html` or `document`.
///
/// ```json
/// {"heading": "Getting started"}
/// {"paragraph": [{"text": "Read the "}, {"text": "guide", "url": "https://example.com/guide", "expect": "in-app"}]}
/// {"image": "A diagram of the responder chain"}
/// {"link": {"title": "Watch the talk", "url": "https://youtu.be/abc", "expect": "external-app"}}
/// {"html": {"url": "https://docs.example.com/articles/web", "content": "<p>See <a href=\"#notes\" data-expect=\"in-page\">the notes</a></p>"}}
/// {"document": {"id": "nested", "title": "…", "blocks": […]}}
/// ```
public indirect enum Block: Sendable, Equatable {
  /// A heading.
  case heading(String)
  /// A paragraph of text with inline links.
  case paragraph([Span])
  /// An image placeholder with its description.
  case image(String)
  /// A link object: a tappable card.
  case link(Link)
  /// Web content, shown in a web view.
  case html(WebPage)
  /// An embedded sub-document.
  case document(Document)
}

extension Block: Decodable {
  private enum Key: String, CodingKey, CaseIterable {
    case heading, paragraph, image, link, html, document
  }

  /// Decodes the single-key form; anything else names the keys it expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let present = Key.allCases.filter { container.contains($0) }
    guard present.count == 1, let key = present.first else {
      let expected = Key.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected an object with exactly one of the keys \(expected)"))
    }
    switch key {
    case .heading: self = .heading(try container.decode(String.self, forKey: key))
    case .paragraph: self = .paragraph(try container.decode([Span].self, forKey: key))
    case .image: self = .image(try container.decode(String.self, forKey: key))
    case .link: self = .link(try container.decode(Link.self, forKey: key))
    case .html: self = .html(try container.decode(WebPage.self, forKey: key))
    case .document: self = .document(try container.decode(Document.self, forKey: key))
    }
  }
}

/// A run of paragraph text, which is a link when it has a `url`.
public struct Span: Decodable, Sendable, Equatable {
  /// The text shown.
  public let text: String
  /// The link, when the span is one.
  public let link: Link?

  private enum Keys: String, CodingKey { case text, url, expect }

  /// Decodes `{"text": …}` or `{"text": …, "url": …, "expect": …}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    text = try container.decode(String.self, forKey: .text)
    if let url = try container.decodeIfPresent(String.self, forKey: .url) {
      link = Link(title: text, url: url, expect: try container.decodeIfPresent(LinkExpectation.self, forKey: .expect))
    } else {
      link = nil
    }
  }
}

/// A link: its title, its URL as written, and the outcome the document expects.
public struct Link: Decodable, Sendable, Equatable {
  /// The link's title.
  public let title: String
  /// The URL exactly as written in the document (it may be hostile).
  public let url: String
  /// Where the document says the link should end up.
  public let expect: LinkExpectation?

  /// Creates a link.
  public init(title: String, url: String, expect: LinkExpectation?) {
    self.title = title
    self.url = url
    self.expect = expect
  }
}

/// Where a link should end up, as a document declares it.
public enum LinkExpectation: String, Decodable, Sendable, Equatable, CaseIterable {
  /// Shown in the in-app Safari view.
  case inApp = "in-app"
  /// Opened in its native app (YouTube).
  case externalApp = "external-app"
  /// Opened by the system: the default browser, or the app for its scheme (mail, phone).
  case system
  /// Refused: nobody opens it.
  case blocked
  /// Web content only: the web view stays on its page (a fragment of the same document).
  case inPage = "in-page"
}
