import DemoDocumentKit
import Foundation
import URLResponderChain
import URLResponderChainAllowlist
import URLResponderChainErrorHandling
import URLResponderChainRouting
import URLResponderChainTesting

// The article's hierarchy, built from the test kit's responder tree. Each kind of responder
// has its own class, so traces read like the app.

/// The application: the system fallback at the end of the chain.
final class Application: TestApplication {}
/// The navigation controller at the window's root; the topic is its visible screen.
final class NavigationController: TestNavigationController {}
/// The grid of the topic's documents.
final class DocumentGridController: TestViewController {}
/// One block of a document.
final class BlockView: TestView {}
/// A paragraph of text with inline links.
final class ParagraphView: TestView {}

/// A web view showing a block of HTML: the origin of its links' propagations, as a
/// `WKWebView` with `LinkRoutingNavigationDelegate` is on iOS.
final class WebView: TestWebView {
  /// The page shown, which the HTML's links resolve against.
  let page: WebPage
  init(page: WebPage) {
    self.page = page
    super.init(name: page.url, pageURL: URL(string: page.url))
  }
}

/// A tappable link: the origin of every propagation (web links start at their web view).
final class LinkView: TestView {
  let link: Link
  /// The web view the link is in, for links in HTML.
  private(set) weak var webView: WebView?
  /// In the SwiftUI rendering: the `.urlHandler` of the document the link is in, where its
  /// walk starts (for a link in a web view, once the web view's policy sends it up).
  private(set) weak var swiftUIHandler: URLHandlerModifier?
  init(link: Link, in webView: WebView? = nil, swiftUIHandler: URLHandlerModifier? = nil) {
    self.link = link
    self.webView = webView
    self.swiftUIHandler = swiftUIHandler
    super.init(name: link.title)
  }
}

/// A document: upgrades plain http links to https before they travel on.
final class DocumentController: TestViewController, URLHandler {
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    HTTPSUpgrade.upgraded(url).map { .rewrite($0) } ?? .notHandled
  }
}

/// The topic screen: it declares where its links open (`linkPresenter`, the topic's
/// `LinkPolicy`, which the chain's end asks for every link no handler takes), and opens one of
/// its documents for a link that opens the app (``URLHandlingContext/inboundSource``). It is
/// also the `ErrorHandler` for the problems reported below it, when given one.
final class TopicController: TestViewController, URLHandler, ErrorHandler {
  var model: Topic?
  /// Handles errors reported up the chain; without it they pass on.
  var errorHandler: (@MainActor (any Error) async -> ErrorHandlingDecision)?

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    await errorHandler?(error) ?? .notHandled
  }
  /// The documents inbound links opened, in order.
  private(set) var openedDocuments: [Document] = []

  /// The app's own links: `demodoc://document/ID` and the web address of the same document.
  static let inboundRoutes = try! URLRouteTable<Void>([
    ("demodoc://document/:id", ()),
    ("https://docs.example.com/documents/:id", ()),
  ])

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    guard context.isInbound else { return .notHandled }
    guard let id = Self.inboundRoutes.route(url)?.match.parameters["id"] else { return .notHandled }
    guard let document = model?.document(id: id) else {
      return .discarded(reason: "no document \"\(id)\" in this topic")
    }
    openedDocuments.append(document)
    return .handled
  }
}

/// A SwiftUI document's `.urlHandler { }` modifier as the chain sees it: a node whose next
/// node is the enclosing document's modifier, and the outermost's the hosting view's anchor,
/// where links continue into the UIKit chain. In an app, the SDK's modifier builds this shape.
final class URLHandlerModifier: TestResponder, URLHandler {
  /// The modifier of the document this one is in.
  weak var enclosing: URLHandlerModifier?
  /// The view in the hosting controller that the outermost modifier hands links to.
  weak var anchor: TestView?
  private let answer: @MainActor (URL) -> URLHandlingDecision

  init(name: String, answer: @escaping @MainActor (URL) -> URLHandlingDecision) {
    self.answer = answer
    super.init(name: name)
  }

  override var nextNode: (any ResponderChainNode)? { enclosing ?? anchor }

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { answer(url) }
}

/// The hosting controller of a document rendered in SwiftUI.
final class HostingController: TestViewController {}

/// Builds application → window → navigation → topic → grid → documents → blocks → links.
///
/// Rendered in SwiftUI, each top-level document is a hosting controller whose view holds the
/// modifiers' anchor; each document is a `.urlHandler` node (HTTPS upgrade) whose next node
/// is the enclosing document's, and the outermost's the anchor, so links continue into the
/// same UIKit chain: grid, topic, navigation, window, application.
@MainActor
struct DemoHierarchy {
  let application: Application
  let topic: TopicController
  /// Every link view, depth first, in reading order.
  let links: [LinkView]
  /// The SwiftUI documents' link modifiers, owned here as their views would own them.
  private let swiftUIHandlers: [URLHandlerModifier]

  init(topic model: Topic, linkPresenter: LinkPresenter, systemOpener: FakeSystemOpener, swiftUI: Bool = false) {
    application = Application(name: "application", systemOpener: systemOpener)
    topic = TopicController(name: model.title)
    topic.linkPresenter = linkPresenter
    topic.model = model
    let navigation = NavigationController(name: "navigation", root: topic)
    application.makeWindow(rootViewController: navigation)
    let grid = DocumentGridController(name: "grid")
    topic.addChild(grid)
    var links: [LinkView] = []
    var handlers: [URLHandlerModifier] = []
    for document in model.documents {
      if swiftUI {
        let hosting = HostingController(name: document.title)
        grid.addChild(hosting)
        let anchor = BlockView(name: "link modifiers' anchor")
        hosting.view.addSubview(anchor)
        Self.addSwiftUI(document, enclosing: nil, anchor: anchor, in: hosting.view, links: &links, handlers: &handlers)
      } else {
        Self.add(document, to: grid, links: &links)
      }
    }
    self.links = links
    self.swiftUIHandlers = handlers
  }

  /// A document as a SwiftUI view: `DocumentView(document).urlHandler { HTTPS upgrade }`.
  private static func addSwiftUI(
    _ document: Document, enclosing: URLHandlerModifier?, anchor: TestView, in hostingView: TestView,
    links: inout [LinkView], handlers: inout [URLHandlerModifier]
  ) {
    let handler = URLHandlerModifier(name: document.title) { url in
      HTTPSUpgrade.upgraded(url).map { .rewrite($0) } ?? .notHandled
    }
    handler.enclosing = enclosing
    handler.anchor = anchor
    handlers.append(handler)
    for block in document.blocks {
      switch block {
      case .heading, .image:
        break
      case .paragraph(let spans):
        for link in spans.compactMap(\.link) {
          links.append(LinkView(link: link, swiftUIHandler: handler))
        }
      case .link(let link):
        links.append(LinkView(link: link, swiftUIHandler: handler))
      case .html(let page):
        // A web view in SwiftUI attached with the environment (`attach(to:in:)`): its links
        // start at the document's `.urlHandler`, as the document's `Link`s do.
        addWebView(page, to: hostingView, swiftUIHandler: handler, links: &links)
      case .document(let nested):
        addSwiftUI(nested, enclosing: handler, anchor: anchor, in: hostingView, links: &links, handlers: &handlers)
      }
    }
  }

  /// A web view showing `page` inside `parent`, with a link view for each of its links; in
  /// SwiftUI, `swiftUIHandler` is the modifier its links start at.
  private static func addWebView(
    _ page: WebPage, to parent: TestView, swiftUIHandler: URLHandlerModifier? = nil, links: inout [LinkView]
  ) {
    let webView = WebView(page: page)
    // In SwiftUI the delegate is attached with the environment: links start at the document's
    // `.urlHandler`.
    webView.linkOrigin = swiftUIHandler
    parent.addSubview(webView)
    for link in page.links {
      let view = LinkView(link: link, in: webView, swiftUIHandler: swiftUIHandler)
      webView.addSubview(view)
      links.append(view)
    }
  }

  private static func add(_ document: Document, to parent: TestViewController, links: inout [LinkView]) {
    let controller = DocumentController(name: document.title)
    parent.addChild(controller)
    for block in document.blocks {
      let blockView = BlockView(name: document.title)
      controller.view.addSubview(blockView)
      switch block {
      case .heading, .image:
        break
      case .paragraph(let spans):
        let paragraph = ParagraphView(name: "paragraph")
        blockView.addSubview(paragraph)
        for link in spans.compactMap(\.link) {
          let view = LinkView(link: link)
          paragraph.addSubview(view)
          links.append(view)
        }
      case .link(let link):
        let view = LinkView(link: link)
        blockView.addSubview(view)
        links.append(view)
      case .html(let page):
        addWebView(page, to: blockView, links: &links)
      case .document(let nested):
        add(nested, to: controller, links: &links)
      }
    }
  }
}
