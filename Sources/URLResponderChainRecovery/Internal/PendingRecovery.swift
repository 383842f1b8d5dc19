import URLResponderChainCore
import URLResponderChainErrorHandling

/// One recovery waiting for its end; every waiter gets the same choice.
@MainActor
final class PendingRecovery {
  /// Whether the recovery can end with nobody answering: offline, with a connectivity monitor.
  let endsByItself: Bool
  private(set) var resolved: RecoveryChoice?
  private var waiters: [Int: CheckedContinuation<RecoveryChoice, Never>] = [:]
  private var endObservers: [@MainActor (RecoveryChoice) -> Void] = []
  /// The operations waiting for the choice.
  private(set) var waitingOperations = 0
  private var nextWaiter = 0
  /// Tasks waiting for a number of joined operations (``untilJoined(_:)``).
  private var joinWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  init(endsByItself: Bool) {
    self.endsByItself = endsByItself
  }

  /// Ends the recovery with `choice`; only the first call counts.
  func resolve(_ choice: RecoveryChoice) {
    guard resolved == nil else { return }
    resolved = choice
    let waiting = waiters
    waiters = [:]
    for waiter in waiting.values { waiter.resume(returning: choice) }
    let observers = endObservers
    endObservers = []
    for observer in observers { observer(choice) }
  }

  /// Calls `observer` once when the recovery ends; at once if it has.
  func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) {
    if let resolved { return observer(resolved) }
    endObservers.append(observer)
  }

  /// Every copy of the prompt is gone without a choice: nobody can answer any more.
  func promptReleased() {
    if !endsByItself { resolve(.cancel) }
    isPromptReleased = true
    let watchers = releaseWatchers
    releaseWatchers = []
    for watcher in watchers { watcher.resume() }
  }

  /// Whether every copy of the prompt went away (``promptReleased()`` ran).
  private(set) var isPromptReleased = false
  private var releaseWatchers: [CheckedContinuation<Void, Never>] = []

  /// Returns once the recovery learnt that its prompt went away (at once if it has): the
  /// prompt tells it from a task of its own, which a test must not guess the end of.
  func untilPromptReleased() async {
    guard !isPromptReleased else { return }
    await withCheckedContinuation { releaseWatchers.append($0) }
  }

  /// Counts one more failed operation waiting for the choice, from the moment it failed (the
  /// first one is counted before its prompt is reported). Pair with ``choiceForJoinedOperation()``.
  func join() {
    waitingOperations += 1
    guard !joinWatchers.isEmpty else { return }
    let reached = joinWatchers.filter { $0.count <= waitingOperations }
    joinWatchers.removeAll { $0.count <= waitingOperations }
    for watcher in reached { watcher.continuation.resume() }
  }

  /// Returns once `count` operations have joined and wait (at once if they do): a point a
  /// test can await instead of guessing when the last failure arrived.
  func untilJoined(_ count: Int) async {
    guard waitingOperations < count else { return }
    await withCheckedContinuation { joinWatchers.append((count, $0)) }
  }

  /// Waits for the choice on behalf of a joined operation. An operation whose task is
  /// cancelled (say, its propagation timed out) stops waiting and gets ``RecoveryChoice/cancel``;
  /// when it was the last one waiting, the recovery ends with cancel, so its prompt closes.
  func choiceForJoinedOperation() async -> RecoveryChoice {
    defer { waitingOperations -= 1 }
    let choice = await wait()
    if resolved == nil, waitingOperations == 1 { resolve(.cancel) }
    return choice
  }

  /// Waits for the end without counting as an operation (a prompt waiting to close).
  /// Returns ``RecoveryChoice/cancel`` early if the waiting task is cancelled.
  func wait() async -> RecoveryChoice {
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
