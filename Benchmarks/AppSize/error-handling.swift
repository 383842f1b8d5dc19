// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainErrorHandling baseline=baseline title="errors up the chain (URLResponderChainErrorHandling, README)"

import UIKit
import URLResponderChain
import URLResponderChainErrorHandling

struct DocumentMovedError: AlertableError {
  let title = "Document moved"
  let message = "This document is no longer here."
}

final class DocumentViewController: UIViewController, ErrorHandler {
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard error is DocumentMovedError else { return .notHandled }
    navigationController?.popViewController(animated: true)
    return .handled
  }

  func documentWasMoved() async {
    await reportError(DocumentMovedError())
  }
}

@MainActor func makeRootViewController() -> UIViewController {
  let document = DocumentViewController()
  document.embed(ButtonViewController(title: "Move") { _ in Task { await document.documentWasMoved() } })
  return UINavigationController(rootViewController: document)
}
