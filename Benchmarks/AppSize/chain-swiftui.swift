// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainAllowlist baseline=baseline-swiftui title="chain in SwiftUI: .urlHandler + .presentsLinksInSafari (README)"

import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainAllowlist

struct ArticleView: View {
  /// Rules naming the trackers, such as `try Allowlist(allow: ["tracker.example", "*.tracker.example"])`.
  let trackers: Allowlist

  var body: some View {
    Text("Read [Swift.org](https://www.swift.org) or [write to us](mailto:team@example.com).")
      .urlHandler { url, _ in trackers.verdict(for: url).isAllowed ? .discarded(reason: "a tracker") : .notHandled }
      .presentsLinksInSafari()
  }
}

@MainActor func makeRootViewController() -> UIViewController {
  UIHostingController(
    rootView: ArticleView(
      trackers: (try? Allowlist(allow: ["tracker.example", "*.tracker.example"])) ?? Allowlist(allowing: [])))
}
