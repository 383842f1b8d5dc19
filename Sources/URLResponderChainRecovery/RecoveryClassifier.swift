import Foundation
import URLResponderChainCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Decides which ``RecoveryKind`` a failure is, or that it is not recoverable (`nil`: the
/// error is thrown to the caller as it is).
///
/// ``standard`` knows `URLError`, ``HTTPStatusError`` and the remote allowlist's failures.
/// An app with its own errors wraps the classifier:
///
/// ```swift
/// let classifier = RecoveryClassifier { error, isConnected in
///   if case APIError.sessionExpired = error { return .notAuthenticated }
///   return RecoveryClassifier.standard.kind(of: error, isConnected: isConnected)
/// }
/// ```
public struct RecoveryClassifier: Sendable {
  private let classify: @Sendable (_ error: any Error, _ isConnected: Bool?) -> RecoveryKind?

  /// Creates a classifier from a function.
  public init(_ classify: @escaping @Sendable (_ error: any Error, _ isConnected: Bool?) -> RecoveryKind?) {
    self.classify = classify
  }

  /// The kind of `error`, or `nil` when retrying cannot help.
  ///
  /// - Parameters:
  ///   - error: What the operation threw.
  ///   - isConnected: Whether the network is usable, or `nil` when nobody monitors it.
  public func kind(of error: any Error, isConnected: Bool?) -> RecoveryKind? {
    classify(error, isConnected)
  }

  /// The classifier used unless another is given.
  ///
  /// | Failure | Kind |
  /// | --- | --- |
  /// | `URLError` `.notConnectedToInternet`, `.dataNotAllowed`, `.internationalRoamingOff`, `.callIsActive` | offline |
  /// | `URLError` `.cannotFindHost`, `.cannotConnectToHost`, `.dnsLookupFailed`, `.networkConnectionLost`, `.unknown` (curl's failures on Linux) | offline, or server error while the monitor reports the network up |
  /// | `URLError` `.timedOut` | server error, or offline while the monitor reports the network down |
  /// | `URLError` `.userAuthenticationRequired`; HTTP 401 | not authenticated |
  /// | HTTP 408, 429 and 5xx; `URLError` `.badServerResponse` | server error |
  /// | a `RemoteAllowlistFailure` | what it says |
  /// | cancellation, HTTP 403 and other 4xx, any other error | not recoverable |
  public static let standard = RecoveryClassifier { error, isConnected in
    switch error {
    case let error as URLError: kind(of: error.code, isConnected: isConnected)
    case let error as HTTPStatusError: kind(ofStatus: error.statusCode)
    case let error as any RecoveryKindProviding: error.recoveryKind(isConnected: isConnected)
    default: nil
    }
  }

  private static func kind(of code: URLError.Code, isConnected: Bool?) -> RecoveryKind? {
    switch code {
    case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
      .offline
    case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .networkConnectionLost, .unknown:
      unreachable(isConnected: isConnected)
    case .timedOut:
      timedOut(isConnected: isConnected)
    case .userAuthenticationRequired:
      .notAuthenticated
    case .badServerResponse:
      .serverError
    default:
      nil
    }
  }

  private static func kind(ofStatus status: Int) -> RecoveryKind? {
    switch status {
    case 401: .notAuthenticated
    case 408, 429, 500...599: .serverError
    default: nil
    }
  }

  /// A server that cannot be reached is down when the network is known to be up.
  private static func unreachable(isConnected: Bool?) -> RecoveryKind {
    isConnected == true ? .serverError : .offline
  }

  /// A request that took too long is the server's fault unless the network is known to be down.
  private static func timedOut(isConnected: Bool?) -> RecoveryKind {
    isConnected == false ? .offline : .serverError
  }
}
