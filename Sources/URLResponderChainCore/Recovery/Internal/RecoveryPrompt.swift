/// What the three recoverable errors share: their text, the failure and the recovery they end.
///
/// The errors are values that handlers copy; this object lives as long as any copy, so its
/// release tells the recovery that nobody is left holding the prompt.
final class RecoveryPrompt: Sendable {
  let title: String
  let message: String
  let underlyingError: any Error
  let recovery: PendingRecovery

  init(title: String, message: String, underlyingError: any Error, recovery: PendingRecovery) {
    self.title = title
    self.message = message
    self.underlyingError = underlyingError
    self.recovery = recovery
  }

  deinit {
    Task { @MainActor [recovery] in recovery.promptReleased() }
  }
}
