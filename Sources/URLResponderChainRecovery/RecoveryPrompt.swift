public import URLResponderChainErrorHandling

/// What a prompt for a pending recovery shows, and the one way to end it: shared by every copy
/// of a ``RecoveryPromptError``.
///
/// The errors are values that handlers copy; this object lives as long as any copy does, so its
/// release tells the recovery that nobody is left holding the prompt.
public final class RecoveryPrompt: Sendable {
  /// The prompt's title.
  public let title: String
  /// The prompt's message.
  public let message: String
  /// The failure that started the recovery (a `URLError`, ``HTTPStatusError``,
  /// `RemoteAllowlistFailure` or the app's own error).
  public let underlyingError: any Error
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

  /// Whether the recovery has ended.
  @MainActor public var isResolved: Bool { recovery.resolved != nil }

  /// Ends the recovery for every waiting operation; only the first call counts.
  @MainActor public func resolve(_ choice: RecoveryChoice) { recovery.resolve(choice) }

  /// Waits until the recovery ends, by a choice or by itself, and returns how it ended
  /// (`RecoveryChoice.cancel` early if the waiting task is cancelled).
  @MainActor public func resolution() async -> RecoveryChoice { await recovery.wait() }

  /// Calls `observer` once when the recovery ends, at once if it has. The observer does not
  /// keep the prompt alive.
  @MainActor public func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) {
    recovery.whenResolved(observer)
  }
}
