import URLResponderChainCore

/// The three kinds of recoverable failure, each with its own error type up the chain and its
/// own way back.
///
/// | Kind | Error reported | How it ends |
/// | --- | --- | --- |
/// | ``serverError`` | ``ServerFailureError`` | the person taps Retry or Cancel |
/// | ``offline`` | ``OfflineError`` | by itself when the ``ConnectivityMonitor`` reports the network back; or Retry, Cancel |
/// | ``notAuthenticated`` | ``SignInRequiredError`` | the app's sign-in succeeds (retry) or is cancelled |
///
/// Failures of one kind coalesce behind one prompt; different kinds may be pending at once.
public enum RecoveryKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The server failed (5xx, 408, 429), did not answer in time, or could not be reached while
  /// the device is online.
  case serverError
  /// The device has no usable network path.
  case offline
  /// The server refused the credentials (401); signing in again may help.
  case notAuthenticated

  /// `server error`, `offline` or `not authenticated`.
  public var description: String {
    switch self {
    case .serverError: "server error"
    case .offline: "offline"
    case .notAuthenticated: "not authenticated"
    }
  }
}
