/// Makes failures of the same kind share one recovery: the first reports a
/// ``RetryableError`` up the chain; the others wait for the same choice, then all retry or
/// all give up together.
///
/// ```swift
/// let choice = await recovery.recover(from: failure, kind: "offline", reportingFrom: self)
/// ```
@MainActor
public final class RecoveryCoordinator {
  /// One coordinator for the app, so every handler's failures share recoveries.
  public static let shared = RecoveryCoordinator()

  private var pending: [String: PendingRecovery] = [:]

  /// Creates a coordinator (tests make their own; apps usually use ``shared``).
  public init() {}

  /// Whether a recovery of `kind` is waiting for a choice.
  public func isRecovering(_ kind: String) -> Bool { pending[kind] != nil }

  /// Reports `error` from `node` unless a recovery of the same `kind` is already pending,
  /// and returns the choice made for it.
  ///
  /// - Parameters:
  ///   - error: Builds the error to report, given the pending recovery it must resolve.
  ///   - kind: Failures of the same kind share one recovery.
  ///   - node: Where the error starts up the chain.
  /// - Returns: The choice; ``RecoveryChoice/cancel`` when no ``ErrorHandler`` handled the error
  ///   or the waiting task was cancelled.
  public func recover(
    kind: String,
    reportingFrom node: any ResponderChainNode,
    error: (PendingRecovery) -> any RetryableError
  ) async -> RecoveryChoice {
    if let recovery = pending[kind] { return await recovery.choice() }
    let recovery = PendingRecovery()
    pending[kind] = recovery
    defer { if pending[kind] === recovery { pending[kind] = nil } }
    let report = error(recovery)
    if await !node.reportError(report) { recovery.resolve(.cancel) }
    return await recovery.choice()
  }
}

/// One recovery waiting for a choice; every waiter gets the same one.
@MainActor
public final class PendingRecovery {
  private var resolved: RecoveryChoice?
  private var waiters: [Int: CheckedContinuation<RecoveryChoice, Never>] = [:]
  private var nextWaiter = 0

  init() {}

  /// Ends the recovery with `choice`; only the first call counts.
  public func resolve(_ choice: RecoveryChoice) {
    guard resolved == nil else { return }
    resolved = choice
    let waiting = waiters
    waiters = [:]
    for waiter in waiting.values { waiter.resume(returning: choice) }
  }

  /// Waits for the choice. A waiter whose task is cancelled (say, its propagation timed
  /// out) stops waiting and gets ``RecoveryChoice/cancel``; the others keep waiting.
  func choice() async -> RecoveryChoice {
    if let resolved { return resolved }
    if Task.isCancelled { return .cancel }
    let id = nextWaiter
    nextWaiter += 1
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiters[id] = $0 }
    } onCancel: {
      Task { @MainActor in self.waiters.removeValue(forKey: id)?.resume(returning: .cancel) }
    }
  }
}
