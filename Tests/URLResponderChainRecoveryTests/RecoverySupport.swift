import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling
import URLResponderChainRecovery

/// An error handler up the chain that keeps the recovery prompts it takes (as an alert would),
/// optionally only of some kinds.
final class PromptListener: Linked, ErrorHandler {
  var takes: Set<RecoveryKind>
  private let arrivals = Arrivals<any RecoveryPromptError>()
  /// The prompts taken and still kept.
  var prompts: [any RecoveryPromptError] { arrivals.items }

  init(takes: Set<RecoveryKind> = Set(RecoveryKind.allCases), next: (any ResponderChainNode)? = nil) {
    self.takes = takes
    super.init(next: next)
  }

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard let error = error as? any RecoveryPromptError, takes.contains(error.kind) else { return .notHandled }
    arrivals.append(error)
    return .handled
  }

  /// Waits until `count` prompts have been taken.
  func waitForPrompts(_ count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async {
    await arrivals.wait(for: count, sourceLocation: sourceLocation)
  }

  /// Lets go of every prompt, as a dismissed screen would.
  func dropPrompts() { arrivals.removeAll() }
}

/// An operation that throws its scripted failures in turn, then returns its attempt number.
/// Each failure opens a gate, so a test knows the operation is now waiting on a recovery.
@MainActor
final class ScriptedOperation {
  private var failures: [any Error]
  private(set) var attempts = 0
  private var failedGates: [Int: Gate] = [:]

  init(failing failures: [any Error]) {
    self.failures = failures
  }

  func callAsFunction() async throws -> Int {
    attempts += 1
    guard !failures.isEmpty else { return attempts }
    let failure = failures.removeFirst()
    failed(attempts).open()
    throw failure
  }

  /// Open once attempt `attempt` has failed.
  func failed(_ attempt: Int) -> Gate {
    if let gate = failedGates[attempt] { return gate }
    let gate = Gate()
    failedGates[attempt] = gate
    return gate
  }
}

let serverDown = HTTPStatusError(statusCode: 503)
let notConnected = URLError(.notConnectedToInternet)
let unauthorized = HTTPStatusError(statusCode: 401)

/// An error handler that takes its time (an animation, say) before passing errors on.
final class SlowPromptHandler: Linked, ErrorHandler {
  private let until: Gate
  let reached = Gate()
  init(until: Gate, next: (any ResponderChainNode)?) {
    self.until = until
    super.init(next: next)
  }
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    reached.open()
    await until.wait()
    return .notHandled
  }
}
