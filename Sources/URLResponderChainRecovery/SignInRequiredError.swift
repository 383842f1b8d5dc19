import URLResponderChainCore
import URLResponderChainErrorHandling

/// The server refused the credentials: the app's sign-in runs, and every waiting operation is retried with the fresh credentials.
///
/// The app's handler presents its sign-in and resolves with retry once the credentials are stored (see ``signIn(_:)``), or with cancel. An operation refused again right after a sign-in fails instead of asking again.
///
/// It is not an `AlertableError`: an alert cannot sign anyone in, so handlers that show
/// alerts pass it on to the app's sign-in.
public struct SignInRequiredError: RecoveryPromptError {
  /// The text, the failure, and the recovery this error ends.
  public let prompt: RecoveryPrompt

  init(_ prompt: RecoveryPrompt) {
    self.prompt = prompt
  }

  /// ``RecoveryKind/notAuthenticated``.
  public var kind: RecoveryKind { .notAuthenticated }
}

extension SignInRequiredError {
  /// Runs the app's sign-in and resolves the recovery: retry when it returns `true` (the fresh
  /// credentials are stored where the failed requests read them), cancel otherwise.
  ///
  /// ```swift
  /// extension RootViewController: ErrorHandler {
  ///   func handleError(_ error: any Error) async -> ErrorHandlingDecision {
  ///     guard let error = error as? SignInRequiredError else { return .notHandled }
  ///     Task { await error.signIn { await self.presentSignIn() } }
  ///     return .handled
  ///   }
  /// }
  /// ```
  @MainActor public func signIn(_ signIn: @MainActor () async -> Bool) async {
    resolve(await signIn() ? .retry : .cancel)
  }
}
