/// The device is offline: the recovery ends by itself with retry when the ``ConnectivityMonitor`` reports the network back.
///
/// Show that the app will go on by itself, with Cancel (and Retry, if the person knows better); close the prompt when ``resolution()`` returns.
public struct OfflineError: RecoveryPromptError {
  let prompt: RecoveryPrompt

  init(_ prompt: RecoveryPrompt) {
    self.prompt = prompt
  }

  /// ``RecoveryKind/offline``.
  public var kind: RecoveryKind { .offline }
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
