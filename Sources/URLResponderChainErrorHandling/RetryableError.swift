/// An error that can be recovered from by retrying: report it up the chain, and the
/// ``ErrorHandler`` that shows it offers "Retry" and "Cancel" and calls ``resolve(_:)``.
///
/// ```swift
/// extension DocumentViewController: ErrorHandler {
///   func handleError(_ error: any Error) async -> ErrorHandlingDecision {
///     guard let error = error as? any RetryableError else { return .notHandled }
///     showAlert(error.title, error.message,
///               retry: { error.resolve(.retry) }, cancel: { error.resolve(.cancel) })
///     return .handled
///   }
/// }
/// ```
///
/// ## What conformers must guarantee
///
/// ``resolve(_:)`` may be called from the main actor any number of times; only the first
/// call counts.
public protocol RetryableError: AlertableError {
  /// Ends the recovery with `choice`. Later calls do nothing.
  @MainActor func resolve(_ choice: RecoveryChoice)

  /// Calls `observer` once when the recovery ends, whoever ends it, so that an alert can close
  /// itself; the observer must not keep the error alive.
  ///
  /// The default never calls `observer`: a recovery that only its buttons end needs no more.
  @MainActor func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void)
}

extension RetryableError {
  /// Never calls `observer`: only the alert's buttons end this recovery.
  @MainActor public func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) {}
}
