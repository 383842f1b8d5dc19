public import URLResponderChainErrorHandling

/// The server failed or did not answer in time: the person chooses Retry or Cancel.
///
/// Retry and Cancel resolve it; the app's sign-in is not involved.
public struct ServerFailureError: RecoveryPromptError, RetryableError {
  /// The text, the failure, and the recovery this error ends.
  public let prompt: RecoveryPrompt

  init(_ prompt: RecoveryPrompt) {
    self.prompt = prompt
  }

  /// ``RecoveryKind/serverError``.
  public var kind: RecoveryKind { .serverError }
}
