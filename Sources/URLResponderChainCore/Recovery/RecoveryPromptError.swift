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
/// present(alert, animated: true)
/// error.whenResolved { [weak alert] _ in alert?.dismiss(animated: true) }
/// ```
public protocol RecoveryPromptError: RetryableError {
  /// Which of the three kinds this is.
  var kind: RecoveryKind { get }
  /// The failure that started the recovery (a `URLError`, ``HTTPStatusError``,
  /// ``RemoteAllowlistFailure`` or the app's own error).
  var underlyingError: any Error { get }
  /// Whether the recovery has ended.
  @MainActor var isResolved: Bool { get }
  /// Waits until the recovery ends, by a choice or by itself, and returns how it ended
  /// (``RecoveryChoice/cancel`` early if the waiting task is cancelled).
  @MainActor func resolution() async -> RecoveryChoice
  /// Calls `observer` once when the recovery ends, at once if it has; the observer does not
  /// keep this error alive.
  @MainActor func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void)
}
