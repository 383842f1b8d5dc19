import DemoDocumentKit
import UIKit
import URLResponderChain
import URLResponderChainErrorHandling
import URLResponderChainLinkViews
import URLResponderChainWebContent
import WebKit

/// One document: renders its blocks, and upgrades plain http links on their way up. Links in
/// text, link buttons and web content all go up the chain; a long press previews in-app only
/// what a tap would open in-app (a dry run of the tap: this screen's upgrade, then the topic
/// screen's presenter policy).
final class DocumentViewController: UIViewController, URLHandler {
  private let document: Document
  private let linkRouting: LinkRoutingTextViewDelegate
  private let webLinkRouting: LinkRoutingNavigationDelegate

  init(document: Document) {
    self.document = document
    linkRouting = LinkRoutingTextViewDelegate()
    webLinkRouting = LinkRoutingNavigationDelegate()
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  override func loadView() {
    let stack = UIStackView()
    stack.axis = .vertical
    stack.spacing = 8
    stack.addArrangedSubview(label(document.title, style: .title2))
    for block in document.blocks {
      switch block {
      case .heading(let text):
        stack.addArrangedSubview(label(text, style: .headline))
      case .paragraph(let spans):
        stack.addArrangedSubview(paragraph(spans))
      case .image(let description):
        let placeholder = label("🖼 \(description)", style: .footnote)
        placeholder.textColor = .secondaryLabel
        stack.addArrangedSubview(placeholder)
      case .link(let link):
        let button = LinkButton(url: URL(string: link.url) ?? URL(string: "about:blank")!, title: "→ \(link.title)")
        button.contentHorizontalAlignment = .leading
        button.onResult = { [weak self] in self?.report($0) }
        stack.addArrangedSubview(button)
      case .html(let page):
        stack.addArrangedSubview(webView(page))
      case .document(let nested):
        let child = DocumentViewController(document: nested)
        addChild(child)
        stack.addArrangedSubview(child.view)
        child.didMove(toParent: self)
      }
    }
    view = stack
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    linkRouting.onResult = { [weak self] in self?.report($0) }
    webLinkRouting.onResult = { [weak self] in self?.report($0) }
  }

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    HTTPSUpgrade.upgraded(url).map { .rewrite($0) } ?? .notHandled
  }

  /// A link that was not opened reports why up the chain; the topic screen shows it.
  private func report(_ result: URLPropagationResult) {
    guard let error = result.error else { return }
    Task { await reportError(error) }
  }

  /// The HTML block in a web view whose tapped links go up the chain from the web view.
  private func webView(_ page: WebPage) -> WKWebView {
    let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    webLinkRouting.attach(to: webView)
    webView.loadHTMLString(page.content, baseURL: URL(string: page.url))
    webView.heightAnchor.constraint(equalToConstant: 240).isActive = true
    return webView
  }

  private func label(_ text: String, style: UIFont.TextStyle) -> UILabel {
    let label = UILabel()
    label.text = text
    label.font = .preferredFont(forTextStyle: style)
    label.numberOfLines = 0
    return label
  }

  private func paragraph(_ spans: [Span]) -> UITextView {
    let text = NSMutableAttributedString()
    for span in spans {
      var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.preferredFont(forTextStyle: .body)]
      if let link = span.link, let url = URL(string: link.url) { attributes[.link] = url }
      text.append(NSAttributedString(string: span.text, attributes: attributes))
    }
    let view = UITextView()
    view.attributedText = text
    view.isEditable = false
    view.isScrollEnabled = false
    linkRouting.attach(to: view)
    return view
  }
}
