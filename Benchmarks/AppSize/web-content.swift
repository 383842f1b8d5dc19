// link-size: package=URLResponderChain products=URLResponderChainWebContent baseline=baseline title="WKWebView link routing (URLResponderChainWebContent, README)"

import UIKit
import URLResponderChainWebContent
import WebKit

final class ArticleWebViewController: UIViewController {
  private let webView = WKWebView()
  private let linkRouting = LinkRoutingNavigationDelegate()

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(webView)
    linkRouting.attach(to: webView)  // keep a strong reference, as here
  }
}

@MainActor func makeRootViewController() -> UIViewController { ArticleWebViewController() }
