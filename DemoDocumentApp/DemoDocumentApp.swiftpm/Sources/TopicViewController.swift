import DemoDocumentKit
import SafariServices
import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist

/// The topic screen: the handler that knows what to do with links (the same `TopicLinkPolicy`
/// as the headless demo), and the `ErrorHandler` that shows the problems links below it
/// report. Its Safari presenter's policy, the allowlist's, is what long presses preview by.
final class TopicViewController: UIViewController, SafariURLHandling, AlertPresentingErrorHandler {
  /// How the documents are drawn; their links reach this screen either way.
  enum Rendering { case uikit, swiftUI }

  private let topic: Topic
  private let rendering: Rendering
  let safariPresenter = SafariURLPresenter(policy: LinkPolicy(inApp: AppAllowlist.shared))
  private lazy var policy = TopicLinkPolicy(allowlist: AppAllowlist.shared, environment: safariPresenter)

  init(topic: Topic, rendering: Rendering) {
    self.topic = topic
    self.rendering = rendering
    super.init(nibName: nil, bundle: nil)
    title = topic.title
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    // Previews and prewarming follow the links a tap would open in-app: a dry run of the tap,
    // which reaches this screen's Safari presenter and its allowlist policy.
    let grid: UIViewController =
      switch rendering {
      case .uikit:
        DocumentGridViewController(documents: topic.documents)
      case .swiftUI:
        UIHostingController(rootView: DocumentsView(documents: topic.documents))
      }
    addChild(grid)
    grid.view.frame = view.bounds
    grid.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(grid.view)
    grid.didMove(toParent: self)
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    policy.openingPreference = .saved
    return await policy.decide(url, from: self)
  }

  /// Signs in for `SignInRequiredError`; every other alertable error gets an alert (which
  /// closes itself when an offline recovery ends by itself).
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    if let signIn = error as? SignInRequiredError {
      Task { await signIn.signIn { await self.presentSignIn() } }
      return .handled
    }
    return presentAlert(for: error) ? .handled : .notHandled
  }

  /// The demo's sign-in: asks for a token and stores it in the Keychain, where the allowlist's
  /// credentials are read.
  private func presentSignIn() async -> Bool {
    guard let host = topmostPresentationHost as? UIViewController, host.presentedViewController == nil else {
      return false
    }
    return await withCheckedContinuation { continuation in
      let alert = UIAlertController(title: "Sign in", message: "Enter your access token.", preferredStyle: .alert)
      alert.addTextField { $0.placeholder = "Token" }
      alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in continuation.resume(returning: false) })
      alert.addAction(
        UIAlertAction(title: "Sign In", style: .default) { [weak alert] _ in
          continuation.resume(returning: AccessToken.store(alert?.textFields?.first?.text ?? ""))
        })
      host.present(alert, animated: true)
    }
  }
}
