#if canImport(UIKit) && !os(watchOS)
  public import UIKit
  import URLResponderChain

  extension UIViewController {
    /// Shows an alert for `error` from the top-most presented view controller.
    ///
    /// The content is decided in the portable part of this module: an ``AlertableError``'s
    /// title and message with OK, or Retry and Cancel for a ``RetryableError`` (which the
    /// buttons resolve). An alert for a retryable error closes itself when the recovery ends
    /// without a tap (``RetryableError/whenResolved(_:)``).
    ///
    /// - Returns: Whether an alert was shown (`false` for errors that are not alertable, or
    ///   when no view controller can present).
    @discardableResult
    public func presentAlert(for error: any Error) -> Bool {
      guard let content = AlertContent(for: error),
        let host = topmostPresentationHost as? UIViewController, host.presentedViewController == nil
      else { return false }
      let alert = UIAlertController(title: content.title, message: content.message, preferredStyle: .alert)
      let retryable = error as? any RetryableError
      for button in content.buttons {
        let style: UIAlertAction.Style = button == .cancel ? .cancel : .default
        alert.addAction(
          UIAlertAction(title: button.title, style: style) { _ in
            if let choice = button.choice { retryable?.resolve(choice) }
          })
      }
      host.present(alert, animated: true)
      // A recovery can end without a tap (the network returned): the alert closes itself.
      retryable?.whenResolved { [weak alert] _ in
        guard let alert, alert.presentingViewController != nil, !alert.isBeingDismissed else { return }
        alert.dismiss(animated: true)
      }
      return true
    }
  }

  /// A view controller that shows alertable errors reported up the chain: conform, and it is
  /// a ready `ErrorHandler`, the responder-chain `showError` of other libraries.
  ///
  /// ```swift
  /// final class TopicViewController: UIViewController, AlertPresentingErrorHandler {}
  /// ```
  @MainActor
  public protocol AlertPresentingErrorHandler: UIViewController, ErrorHandler {}

  extension AlertPresentingErrorHandler {
    /// Shows `error` in an alert if it is alertable; passes it on otherwise.
    public func handleError(_ error: any Error) async -> ErrorHandlingDecision {
      presentAlert(for: error) ? .handled : .notHandled
    }
  }
#endif
