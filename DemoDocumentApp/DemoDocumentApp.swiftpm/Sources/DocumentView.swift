import DemoDocumentKit
import SwiftUI
import URLResponderChain
import URLResponderChainErrorHandling
import URLResponderChainWebContent
import WebKit

/// The topic's documents in SwiftUI, the same JSON as the UIKit screen. Each document's links
/// first meet its own `.urlHandler` (the HTTPS upgrade), then the enclosing documents', then
/// the UIKit chain of the hosting controller: the topic screen, with its allowlist and Safari
/// presenter. The allowlist's recovery prompts (offline, a server error) come back from the
/// link's view and are shown as SwiftUI alerts.
struct DocumentsView: View {
  let documents: [Document]

  var body: some View {
    ScrollView {
      VStack(alignment: .leading, spacing: 24) {
        ForEach(documents, id: \.id) { DocumentView(document: $0) }
      }
      .padding()
    }
    .presentsLinkErrorsAsAlerts()
  }
}

/// One document.
struct DocumentView: View {
  let document: Document

  var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      Text(document.title).font(.title2)
      ForEach(Array(document.blocks.enumerated()), id: \.offset) { _, block in
        BlockView(block: block)
      }
    }
    .urlHandler { url, _ in
      HTTPSUpgrade.upgraded(url).map { .rewrite($0) } ?? .notHandled
    }
  }
}

/// One block of a document.
private struct BlockView: View {
  let block: Block

  var body: some View {
    switch block {
    case .heading(let text):
      Text(text).font(.headline)
    case .paragraph(let spans):
      Text(Self.attributed(spans))
    case .image(let description):
      Text("🖼 \(description)").font(.footnote).foregroundStyle(.secondary)
    case .link(let link):
      if let url = URL(string: link.url) { Link("→ \(link.title)", destination: url) }
    case .html(let page):
      // A web view whose links meet this document's `.urlHandler` first, as its `Link`s do.
      DocumentWebView(page: page).frame(height: 240)
    case .document(let nested):
      DocumentView(document: nested).padding(.leading)
    }
  }

  /// The spans as text whose links open through the environment's `openURL`.
  private static func attributed(_ spans: [Span]) -> AttributedString {
    var text = AttributedString()
    for span in spans {
      var piece = AttributedString(span.text)
      if let link = span.link { piece.link = URL(string: link.url) }
      text += piece
    }
    return text
  }
}

/// An HTML block in a web view. Attached with the environment, its tapped links start at the
/// `.urlHandler` of the document around it, then go on as the document's `Link`s do.
private struct DocumentWebView: UIViewRepresentable {
  let page: WebPage

  func makeCoordinator() -> LinkRoutingNavigationDelegate { LinkRoutingNavigationDelegate() }

  func makeUIView(context: Context) -> WKWebView {
    let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    context.coordinator.attach(to: webView, in: context.environment)
    webView.loadHTMLString(page.content, baseURL: URL(string: page.url))
    return webView
  }

  func updateUIView(_ webView: WKWebView, context: Context) {
    context.coordinator.attach(to: webView, in: context.environment)
  }
}
