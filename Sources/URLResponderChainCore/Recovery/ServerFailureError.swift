/// The server failed or did not answer in time: the person chooses Retry or Cancel.
///
/// Retry and Cancel resolve it; the app's sign-in is not involved.
public struct ServerFailureError: RecoveryPromptError {
  let prompt: RecoveryPrompt

  init(_ prompt: RecoveryPrompt) {
    self.prompt = prompt
  }

  /// ``RecoveryKind/serverError``.
  public var kind: RecoveryKind { .serverError }
  /// The prompt's title.
  public var title: String { prompt.title }
  /// The prompt's message.
  public var message: String { prompt.message }
  /// The failure that started the recovery.
  public var underlyingError: any Error { prompt.underlyingError }
  /// Whether the recovery has ended.
  @MainActor public var isResolved: Bool { prompt.recovery.resolved != nil }

  /// Ends the recovery for every waiting operation; only the first call counts.
  @MainActor public func resolve(_ choice: RecoveryChoice) { prompt.recovery.resolve(choice) }

  /// Waits until the recovery ends; `.cancel` early if the waiting task is cancelled.
  @MainActor public func resolution() async -> RecoveryChoice { await prompt.recovery.wait() }

  /// Calls `observer` once when the recovery ends, at once if it has.
  @MainActor public func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) {
    prompt.recovery.whenResolved(observer)
  }
}
