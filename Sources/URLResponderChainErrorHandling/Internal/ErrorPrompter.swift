import URLResponderChainCore

/// The alerts a SwiftUI view shows for the errors reported through it
/// (`presentsLinkErrorsAsAlerts()`): one at a time, with the buttons ``AlertContent`` decides.
/// The SwiftUI modifier only translates ``current`` into an alert and a button into
/// ``press(_:)``.
@MainActor
package final class ErrorPrompter {
  /// An alert on screen: what it shows, and the error its buttons resolve.
  package struct Prompt: Identifiable {
    /// Which alert this is: each error shown gets a new one.
    package let id: Int
    /// The title, message and buttons.
    package let content: AlertContent
    /// The error the alert is for.
    let error: any Error
  }

  /// The alert showing, if any.
  package private(set) var current: Prompt? {
    didSet { onChange?(current) }
  }
  /// Called whenever ``current`` changes: the modifier shows it.
  package var onChange: (@MainActor (Prompt?) -> Void)?
  private var promptsShown = 0

  package init() {}

  /// Shows an alert for `error` when it is alertable and none is showing: whether it did. An
  /// error it does not show goes on up the chain. An alert for a ``RetryableError`` closes
  /// itself when the recovery ends without a tap (``RetryableError/whenResolved(_:)``).
  package func show(_ error: any Error) -> Bool {
    guard current == nil, let content = AlertContent(for: error) else { return false }
    promptsShown += 1
    let id = promptsShown
    current = Prompt(id: id, content: content, error: error)
    (error as? any RetryableError)?.whenResolved { [weak self] _ in
      guard let self, self.current?.id == id else { return }
      self.current = nil
    }
    return true
  }

  /// The person pressed `button` on the alert showing: it closes, and a retryable error is
  /// resolved with the choice (Retry or Cancel).
  package func press(_ button: AlertContent.Button) {
    guard let prompt = current else { return }
    current = nil
    let retryable = prompt.error as? any RetryableError
    switch button {
    case .retry: retryable?.resolve(.retry)
    case .cancel: retryable?.resolve(.cancel)
    case .dismiss: break
    }
  }
}
