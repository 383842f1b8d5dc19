/// The server refused the credentials: the app's sign-in runs, and every waiting operation is retried with the fresh credentials.
///
/// The app's handler presents its sign-in and resolves with retry once the credentials are stored (see ``signIn(_:)``), or with cancel. An operation refused again right after a sign-in fails instead of asking again.
public struct SignInRequiredError: RecoveryPromptError {
  let prompt: RecoveryPrompt

  init(_ prompt: RecoveryPrompt) {
    self.prompt = prompt
  }

  /// ``RecoveryKind/notAuthenticated``.
  public var kind: RecoveryKind { .notAuthenticated }
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

extension SignInRequiredError {
  /// Runs the app's sign-in and resolves the recovery: retry when it returns `true` (the fresh
  /// credentials are stored where the failed requests read them), cancel otherwise.
  ///
  /// ```swift
  /// extension RootViewController: TypedErrorHandler {
  ///   func handle(_ error: SignInRequiredError) async -> ErrorHandlingDecision {
  ///     Task { await error.signIn { await self.presentSignIn() } }
  ///     return .handled
  ///   }
  /// }
  /// ```
  @MainActor public func signIn(_ signIn: @MainActor () async -> Bool) async {
    resolve(await signIn() ? .retry : .cancel)
  }
}
