// The app's own names that the doc comments' examples use: `Scripts/check-examples` compiles
// a doc comment's block with each declaration below that the block names and does not declare
// itself (declarations are separated by blank lines; the first name in one is its name).
// Portable: for the Apple blocks, `example-context-apple.swift` adds to these and replaces
// those of the same name.

let url = URL(string: "https://example.com/guide")!

/// A view that shows a link: the start of the chain.
@MainActor final class LinkView: ResponderChainNode {
  var nextNode: (any ResponderChainNode)? { nil }
}

@MainActor let linkView = LinkView()

/// A screen of the app that decides links.
@MainActor final class DocumentViewController: ResponderChainNode, AsyncURLHandler {
  var nextNode: (any ResponderChainNode)? { nil }
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision { .notHandled }
}

@MainActor let viewController = DocumentViewController()

@MainActor func showBanner(_ text: String) {}

@MainActor func showAlert(title: String, message: String) {}
@MainActor func showAlert(
  _ title: String, _ message: String, retry: @escaping @MainActor () -> Void, cancel: @escaping @MainActor () -> Void
) {}

@MainActor func presentInApp(_ url: URL) {}

@MainActor func openInYouTube(_ videoID: String?) {}

@MainActor func presentSafari(_ url: URL) {}

@MainActor func showUser(_ id: Int) {}

func track(_ outcome: URLPropagationResult.Outcome, _ host: String?, _ duration: Duration) {}

let data = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)

let request = URLRequest(url: URL(string: "https://api.example.com/items")!)

struct Item: Decodable {}

enum APIError: Error, Equatable { case sessionExpired }

/// The app's API client.
struct API { func profile() async throws -> String { "" } }

let api = API()

let allowlist = try! Allowlist(allow: ["example.com", "*.example.com"])

@MainActor let remote = try! RemoteAllowlist(configuration: configuration)

let configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)

/// A value of the app's that a route captures.
struct OrderNumber: LosslessStringConvertible, Sendable {
  let description: String
  init?(_ description: String) { self.description = description }
}

/// A signature check of the app's own.
enum MyCrypto { static func verify(_ signature: Data, _ document: Data, key: Data) -> Bool { false } }

enum Keys { static let allowlist = Data() }

let helpURL = URL(string: "https://example.com/help")!

/// The platform's operations for a `LinkPresenter`; on iOS, a `SafariURLPresenter`.
@MainActor let environment = RecordingLinkEnvironment()

@MainActor let topicViewController = TestViewController(name: "topic")

/// The app's analytics client.
struct Analytics { func track(_ event: String, _ properties: [String: String]) {} }

let analytics = Analytics()

let session = URLSession.shared

/// The window's root screen.
@MainActor final class RootViewController: ResponderChainNode {
  var nextNode: (any ResponderChainNode)? { nil }
  func presentSignIn() async -> Bool { true }
}

/// A screen of the app.
@MainActor final class TopicViewController: ResponderChainNode, PresentationHost {
  var nextNode: (any ResponderChainNode)? { nil }
  var presentedHost: (any PresentationHost)? { nil }
  var isBeingDismissed: Bool { false }
}

@MainActor let presenter = LinkPresenter(environment: environment)
