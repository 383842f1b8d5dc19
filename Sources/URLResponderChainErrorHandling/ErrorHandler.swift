public import URLResponderChainCore

/// A responder that may handle, pass on or rewrite an error reported up the chain.
///
/// Errors travel the same chain as URLs. Any node can call `reportError(_:)`;
/// the nearest handler that knows how shows the message.
///
/// ```swift
/// extension DocumentViewController: ErrorHandler {
///   func handleError(_ error: any Error) async -> ErrorHandlingDecision {
///     guard let alertable = error as? any AlertableError else { return .notHandled }
///     showAlert(title: alertable.title, message: alertable.message)
///     return .handled
///   }
/// }
/// ```
///
/// ## What conformers must guarantee
///
/// - Return ``ErrorHandlingDecision/notHandled`` for errors you do not know how to show;
///   the error then goes on to the next responder.
/// - Return ``ErrorHandlingDecision/rewrite(_:)`` to replace the error for the handlers
///   above you (for example to wrap a low-level error in a user-facing one).
/// - Return ``ErrorHandlingDecision/handled`` only once the error has been dealt with.
@MainActor
public protocol ErrorHandler: ResponderChainNode {
  /// Decides what happens to an error that reached this responder.
  ///
  /// - Parameter error: The error as it arrives here, after any rewrites below.
  /// - Returns: Whether the error was handled, passed on or rewritten.
  func handleError(_ error: any Error) async -> ErrorHandlingDecision
}

/// An error handler's answer.
public enum ErrorHandlingDecision: Sendable {
  /// The error was dealt with; reporting stops and returns `true`.
  case handled
  /// Not this handler's error; it goes on to the next responder.
  case notHandled
  /// Continue up the chain with another error, as `URLHandlingDecision.rewrite(_:)` does
  /// with another URL.
  case rewrite(any Error)
}
