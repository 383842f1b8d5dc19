import Foundation
import TestSupport
import URLResponderChainCore

@testable import URLResponderChainRemoteAllowlist

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An allowlist transport that answers from a script: a response, a failure, or a request
/// that never answers until its timeout passes on the clock.
final class ScriptedTransport: AllowlistTransport {
  enum Step: Sendable {
    case respond(HTTPExchange)
    case fail(RemoteAllowlistFailure)
    /// Never answers: times out when `timeout` has passed on the clock.
    case hang
  }

  private let clock: ManualClock
  private let steps: LockedValue<[Step]>
  private let sent = LockedValue<[URLRequest]>([])

  init(clock: ManualClock, _ steps: [Step]) {
    self.clock = clock
    self.steps = LockedValue(steps)
  }

  /// Every request sent, in order.
  var requests: [URLRequest] { sent.withLock { $0 } }

  func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    sent.withLock { $0.append(request) }
    let step = steps.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
    switch step {
    case .respond(let exchange): return exchange
    case .fail(let failure): throw failure
    case .hang:
      do {
        try await clock.sleep(for: timeout)
      } catch {
        throw .cancelled
      }
      throw .timedOut
    }
  }
}
