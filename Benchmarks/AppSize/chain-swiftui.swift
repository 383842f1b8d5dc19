// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainAllowlist baseline=baseline-swiftui title="chain in SwiftUI: .presentsLinksInSafari(policy:) (README)"

import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainAllowlist

struct ArticleView: View {
  var body: some View {
    Text("Read [Swift.org](https://www.swift.org) or [write to us](mailto:team@example.com).")
      .presentsLinksInSafari(policy: .inApp(["swift.org", "*.swift.org"], blocking: ["*.tracker.example"]))
  }
}

@MainActor func makeRootViewController() -> UIViewController {
  UIHostingController(
    rootView: ArticleView())
}
