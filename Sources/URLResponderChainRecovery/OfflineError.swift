public import URLResponderChainErrorHandling

/// The device is offline: the recovery ends by itself with retry when the ``ConnectivityMonitor`` reports the network back.
///
/// Show that the app will go on by itself, with Cancel (and Retry, if the person knows better); close the prompt when ``resolution()`` returns.
public struct OfflineError: RecoveryPromptError, RetryableError {
  /// The text, the failure, and the recovery this error ends.
  public let prompt: RecoveryPrompt

  init(_ prompt: RecoveryPrompt) {
    self.prompt = prompt
  }

  /// ``RecoveryKind/offline``.
  public var kind: RecoveryKind { .offline }
}
