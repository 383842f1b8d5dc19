public import URLResponderChainErrorHandling

/// One of the three recovery prompts a ``RecoveryCoordinator`` reports up the chain:
/// ``ServerFailureError``, ``OfflineError`` or ``SignInRequiredError``.
///
/// Every operation that failed the same way waits on the one prompt. Keep the error while its
/// prompt is on screen: when every copy is released without a choice (the handler that showed
/// it went away), a server or sign-in recovery is cancelled, since nobody is left to answer
/// it, and an offline one goes on waiting for the network.
///
/// A recovery can end without a tap (the network came back, every waiting operation was
/// cancelled), so a prompt should close itself when it ends. ``whenResolved(_:)`` does not keep
/// the error alive, so it cannot hide that the prompt went away:
///
/// ```swift
/// extension TopicViewController: ErrorHandler {
///   func handleError(_ error: any Error) async -> ErrorHandlingDecision {
///     guard let error = error as? any RecoveryPromptError else { return .notHandled }
///     let alert = UIAlertController(title: error.title, message: error.message, preferredStyle: .alert)
///     alert.addAction(UIAlertAction(title: "Try Again", style: .default) { _ in error.resolve(.retry) })
///     alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in error.resolve(.cancel) })
///     present(alert, animated: true)
///     error.whenResolved { [weak alert] _ in alert?.dismiss(animated: true) }
///     return .handled
///   }
/// }
/// ```
public protocol RecoveryPromptError: Error {
  /// Which of the three kinds this is.
  var kind: RecoveryKind { get }
  /// The text, the failure, and the recovery this error ends.
  var prompt: RecoveryPrompt { get }
}

extension RecoveryPromptError {
  /// The prompt's title.
  public var title: String { prompt.title }
  /// The prompt's message.
  public var message: String { prompt.message }
  /// The failure that started the recovery.
  public var underlyingError: any Error { prompt.underlyingError }
  /// Whether the recovery has ended.
  @MainActor public var isResolved: Bool { prompt.isResolved }

  /// Ends the recovery for every waiting operation; only the first call counts.
  @MainActor public func resolve(_ choice: RecoveryChoice) { prompt.resolve(choice) }

  /// Waits until the recovery ends, by a choice or by itself, and returns how it ended
  /// (`RecoveryChoice.cancel` early if the waiting task is cancelled).
  @MainActor public func resolution() async -> RecoveryChoice { await prompt.resolution() }

  /// Calls `observer` once when the recovery ends, at once if it has; the observer does not
  /// keep this error alive.
  @MainActor public func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) {
    prompt.whenResolved(observer)
  }
}

// A prompt that is also a `RetryableError` (offline, server error) would otherwise have two
// equally good `title` and `whenResolved(_:)`: `AlertableError`'s and `RetryableError`'s
// defaults, and the prompt's above. This more specific extension decides for the prompt's,
// so that an alert holding `any RetryableError` hears the recovery end.
extension RetryableError where Self: RecoveryPromptError {
  /// The prompt's title.
  public var title: String { prompt.title }
  /// Ends the recovery for every waiting operation; only the first call counts.
  @MainActor public func resolve(_ choice: RecoveryChoice) { prompt.resolve(choice) }
  /// Calls `observer` once when the recovery ends, at once if it has; the observer does not
  /// keep this error alive.
  @MainActor public func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) {
    prompt.whenResolved(observer)
  }
}
