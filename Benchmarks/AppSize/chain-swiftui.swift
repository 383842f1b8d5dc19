import SwiftUI
// link-size: package=URLResponderChain products=URLResponderChain baseline=baseline-swiftui title="chain in SwiftUI: .urlHandler + .presentsLinksInSafari (README)"
import UIKit
import URLResponderChain

struct ArticleView: View {
  var body: some View {
    Text("Read [Swift.org](https://www.swift.org) or [write to us](mailto:team@example.com).")
      .urlHandler { url, _ in url.host() == "tracker.example" ? .discarded(reason: "a tracker") : .notHandled }
      .presentsLinksInSafari()
  }
}

@MainActor func makeRootViewController() -> UIViewController {
  UIHostingController(rootView: ArticleView())
}
