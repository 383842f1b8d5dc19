// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainRemoteAllowlist baseline=baseline title="remote allowlist gate (URLResponderChainRemoteAllowlist, README)"

import SafariServices
import UIKit
import URLResponderChain
import URLResponderChainRemoteAllowlist

final class TopicViewController: UIViewController, AsyncURLHandler {
  let gate: RemoteAllowlistGate

  init(allowlist: RemoteAllowlist) {
    gate = RemoteAllowlistGate(allowlist: allowlist)
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("TopicViewController is created in code") }

  func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await gate.decide(url, from: self) { present(SFSafariViewController(url: $0), animated: true) }
  }
}

/// Once, at launch. Throws for an endpoint that is not https.
func makeRemoteAllowlist() throws -> RemoteAllowlist {
  var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
  configuration.cacheDirectory = URL.cachesDirectory.appending(path: "allowlist")
  return try RemoteAllowlist(configuration: configuration)
}

@MainActor func makeRootViewController() -> UIViewController {
  guard let allowlist = try? makeRemoteAllowlist() else { return UIViewController() }
  let topic = TopicViewController(allowlist: allowlist)
  topic.embed(ButtonViewController(title: "Guide") { $0.propagateURL(URL(string: "https://docs.example.com/guide")!) })
  return UINavigationController(rootViewController: topic)
}
