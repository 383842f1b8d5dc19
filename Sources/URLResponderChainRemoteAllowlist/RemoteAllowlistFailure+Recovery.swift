import Foundation
package import URLResponderChainRecovery

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension RemoteAllowlistFailure: RecoveryKindProviding {
  /// A server that cannot be reached or did not answer in time is classified as the matching
  /// `URLError`; refused credentials need a sign-in; a cancelled check needs nothing; anything
  /// else the server sent that cannot be used is a server error.
  package func recoveryKind(isConnected: Bool?) -> RecoveryKind? {
    switch self {
    case .unreachable: RecoveryClassifier.standard.kind(of: URLError(.cannotConnectToHost), isConnected: isConnected)
    case .timedOut: RecoveryClassifier.standard.kind(of: URLError(.timedOut), isConnected: isConnected)
    case .notAuthenticated: .notAuthenticated
    case .cancelled: nil
    case .serverError, .invalidDocument, .tooLarge, .redirectRefused, .incompleteResponse, .malformedResponse,
      .captivePortal,
      .integrityFailed, .downgradeRefused:
      .serverError
    }
  }
}
