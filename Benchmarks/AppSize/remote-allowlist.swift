// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainAllowlist,URLResponderChainErrorHandling,URLResponderChainRemoteAllowlist baseline=baseline title="remote allowlist decides, with recovery prompts (README: three tasks)"

import UIKit
import URLResponderChain
import URLResponderChainAllowlist
import URLResponderChainErrorHandling
import URLResponderChainRemoteAllowlist

final class TopicViewController: UIViewController, SafariURLHandling, AlertPresentingErrorHandler {
  let safariPresenter = SafariURLPresenter(policy: LinkPolicy(inApp: RemoteAllowlist.app))
}

extension RemoteAllowlist {
  /// The app's list, made once. Its endpoint must be https.
  static let app = try! RemoteAllowlist(
    configuration: RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
}

@MainActor func makeRootViewController() -> UIViewController {
  let topic = TopicViewController()
  topic.embed(ButtonViewController(title: "Guide") { $0.propagateURL(URL(string: "https://docs.example.com/guide")!) })
  return UINavigationController(rootViewController: topic)
}
