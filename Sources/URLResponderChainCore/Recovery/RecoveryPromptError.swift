/// One of the three recovery prompts a ``RecoveryCoordinator`` reports up the chain:
/// ``ServerFailureError``, ``OfflineError`` or ``SignInRequiredError``.
///
/// Every operation that failed the same way waits on the one prompt. Keep the error while its
/// prompt is on screen: when every copy is released without a choice (the handler that showed
/// it went away), a server or sign-in recovery is cancelled, since nobody is left to answer
/// it, and an offline one goes on waiting for the network.
///
/// A recovery can end without a tap (the network came back, the waiting task was cancelled), so
/// a prompt should close itself when ``resolution()`` returns:
///
/// ```swift
/// present(alert, animated: true)
/// Task {
///   _ = await error.resolution()
///   if alert.presentingViewController != nil { alert.dismiss(animated: true) }
/// }
/// ```
public protocol RecoveryPromptError: RetryableError {
  /// Which of the three kinds this is.
  var kind: RecoveryKind { get }
  /// The failure that started the recovery (a `URLError`, ``HTTPStatusError``,
  /// ``RemoteAllowlistFailure`` or the app's own error).
  var underlyingError: any Error { get }
  /// Whether the recovery has ended.
  @MainActor var isResolved: Bool { get }
  /// Waits until the recovery ends, by a choice or by itself, and returns how it ended.
  @MainActor func resolution() async -> RecoveryChoice
}
