/// An ``ErrorHandler`` that only sees errors of one type; every other error passes it by.
///
/// ```swift
/// extension SignInViewController: TypedErrorHandler {
///   func handle(_ error: AuthenticationError) async -> ErrorHandlingDecision {
///     showSignIn()
///     return .handled
///   }
/// }
/// ```
@MainActor
public protocol TypedErrorHandler: ErrorHandler {
  /// The type of error this handler deals with.
  associatedtype HandledError: Error

  /// Decides what happens to an error of the handled type.
  ///
  /// - Parameter error: The error, already cast to ``HandledError``.
  /// - Returns: Whether the error was handled, passed on or rewritten.
  func handle(_ error: HandledError) async -> ErrorHandlingDecision
}

extension TypedErrorHandler {
  /// Passes on errors that are not a ``HandledError``; hands the others to ``handle(_:)``.
  public func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard let error = error as? HandledError else { return .notHandled }
    return await handle(error)
  }
}
