import DemoDocumentKit
import SafariServices
import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist

/// The topic screen: it declares where its links open (`LinkPolicy.topic`, the same
/// declaration as the headless demo's), which the chain's end asks for
/// every link no handler takes, taps and long-press previews alike; and it is the
/// `ErrorHandler` that shows the problems links below it report.
final class TopicViewController: UIViewController, SafariURLHandling, AlertPresentingErrorHandler {
  /// How the documents are drawn; their links reach this screen either way.
  enum Rendering { case uikit, swiftUI }

  private let topic: Topic
  private let rendering: Rendering
  let safariPresenter = SafariURLPresenter(policy: .topic(AppAllowlist.shared, preference: .saved))

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
    // The person's browser setting is part of the policy: follow it when it changes.
    NotificationCenter.default.addObserver(
      self, selector: #selector(settingsChanged), name: UserDefaults.didChangeNotification, object: nil)
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

  /// The Settings tab saved a setting (on the main thread, where `@AppStorage` writes).
  @objc private func settingsChanged() {
    safariPresenter.policy.preference = .saved
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
