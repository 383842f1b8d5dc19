// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainAllowlist baseline=baseline title="chain + allowlist handler (README: Decide in one place)"

import SafariServices
import UIKit
import URLResponderChain
import URLResponderChainAllowlist

final class TopicViewController: UIViewController, URLHandler {
  let allowlist: Allowlist

  init(allowlist: Allowlist) {
    self.allowlist = allowlist
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("TopicViewController is created in code") }

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    guard let link = try? EligibleURL(url), allowlist.verdict(for: link).isAllowed else {
      return .systemAction  // the system browser opens it; no in-app presenter above shows it
    }
    present(SFSafariViewController(url: link.url), animated: true)
    return .handled
  }
}

@MainActor func makeRootViewController() -> UIViewController {
  guard let allowlist = try? Allowlist(allow: ["example.com"], deny: []) else { return UIViewController() }
  let topic = TopicViewController(allowlist: allowlist)
  topic.embed(ButtonViewController(title: "Swift.org") { $0.propagateURL(URL(string: "https://www.swift.org")!) })
  return topic
}
