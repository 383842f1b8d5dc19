// The app's own names that the doc comments' Apple examples use, on top of (and in place of
// those of the same name in) `example-context.swift`; see there.

/// A screen of the app.
final class TopicViewController: UIViewController {}

/// A screen of the app.
final class ArticleViewController: UIViewController {}

/// The window's root screen.
final class RootViewController: UIViewController {
  func presentSignIn() async -> Bool { true }
}

/// A SwiftUI screen of the app.
struct ArticleView: View {
  var body: some View { Text("An article") }
}

/// The app's root SwiftUI view.
struct ContentView: View {
  var body: some View { ArticleView() }
}

let article = "See [the guide](https://example.com/guide)."

@MainActor let links = try! InboundLinkDispatcher(
  scene: nil, configuration: InboundLinkConfiguration(associatedDomains: ["example.com"]))

@MainActor let stackView = UIStackView()

@MainActor let textView = UITextView()

@MainActor let webView = WKWebView()

let visibleLinkURLs = [URL(string: "https://example.com/guide")!]

/// Where the app keeps its remote list.
@MainActor enum AppLinks {
  static let allowlist = try! RemoteAllowlist(
    configuration: RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
}

@MainActor let remoteAllowlist = AppLinks.allowlist

/// The screen's Safari presenter.
@MainActor let safari = SafariURLPresenter()
