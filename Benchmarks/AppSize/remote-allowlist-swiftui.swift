// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainErrorHandling,URLResponderChainRemoteAllowlist baseline=baseline-swiftui title="remote allowlist in SwiftUI, with recovery prompts as alerts (README: three tasks)"

import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainErrorHandling
import URLResponderChainRemoteAllowlist

struct TopicView: View {
  var body: some View {
    Text("Read the [guide](https://docs.example.com/guide).")
      .presentsLinksInSafari(policy: LinkPolicy(inApp: RemoteAllowlist.app))
      .presentsLinkErrorsAsAlerts()
  }
}

extension RemoteAllowlist {
  /// The app's list, made once. Its endpoint must be https.
  static let app = try! RemoteAllowlist(
    configuration: RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
}

@MainActor func makeRootViewController() -> UIViewController {
  UIHostingController(rootView: TopicView())
}
