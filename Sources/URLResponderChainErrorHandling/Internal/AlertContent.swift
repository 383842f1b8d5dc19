/// What an alert for an error shows: a title, a message and its buttons.
///
/// The UIKit alert presenter only translates this into a `UIAlertController`, so what
/// people see is decided (and tested) here.
///
/// ```swift
/// if let content = AlertContent(for: error) {
///   // title, message, and buttons [.retry, .cancel] or [.dismiss]
/// }
/// ```
package struct AlertContent: Sendable, Equatable {
  /// One button.
  package enum Button: Sendable, Equatable {
    /// "OK": closes the alert.
    case dismiss
    /// "Retry": resolves a ``RetryableError`` with ``RecoveryChoice/retry``.
    case retry
    /// "Cancel": resolves a ``RetryableError`` with ``RecoveryChoice/cancel``.
    case cancel

    /// The button's title.
    package var title: String {
      switch self {
      case .dismiss: "OK"
      case .retry: "Retry"
      case .cancel: "Cancel"
      }
    }

    /// The recovery this button chooses for a retryable error: Retry retries, Cancel
    /// cancels; OK chooses none.
    package var choice: RecoveryChoice? {
      switch self {
      case .dismiss: nil
      case .retry: .retry
      case .cancel: .cancel
      }
    }
  }

  /// The alert's title.
  package let title: String
  /// The alert's message.
  package let message: String
  /// The buttons, in order; the last is the cancel-style one.
  package let buttons: [Button]

  /// The content for `error`, or `nil` if it is not an ``AlertableError`` (and so should be
  /// passed on rather than shown with a generic text).
  package init?(for error: any Error) {
    guard let alertable = error as? any AlertableError else { return nil }
    title = alertable.title
    message = alertable.message
    buttons = error is any RetryableError ? [.retry, .cancel] : [.dismiss]
  }
}
