import Foundation
import TestSupport
import URLResponderChainAllowlist
import URLResponderChainCore

@testable import URLResponderChainRemoteAllowlist

/// What a remote check came to, verdict or failure, as one value a test can compare.
enum RemoteCheck: Equatable {
  case allowed(rule: String)
  case blocked(rule: String)
  case notAllowed(reason: String)
  case unavailable(RemoteAllowlistFailure)

  var isAllowed: Bool { if case .allowed = self { true } else { false } }

  init(_ verdict: URLVerdict) {
    switch verdict {
    case .allowed(let rule): self = .allowed(rule: rule)
    case .blocked(let rule): self = .blocked(rule: rule)
    case .notAllowed(let reason): self = .notAllowed(reason: reason)
    }
  }
}

extension RemoteAllowlist {
  /// ``check(_:)-(String)``, its failure caught.
  func checked(_ string: String) async -> RemoteCheck {
    do throws(RemoteAllowlistFailure) { return RemoteCheck(try await check(string)) } catch {
      return .unavailable(error)
    }
  }

  /// ``check(_:)-(URL)``, its failure caught.
  func checked(_ url: URL) async -> RemoteCheck {
    do throws(RemoteAllowlistFailure) { return RemoteCheck(try await check(url)) } catch { return .unavailable(error) }
  }
}
