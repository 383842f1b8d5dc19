import URLResponderChainCore
public import URLResponderChainRecovery

/// A `ConnectivityMonitor` switched by hand, for tests and headless demos.
///
/// ```swift
/// let network = ControllableConnectivityMonitor(isConnected: false)
/// let recovery = RecoveryCoordinator(connectivity: network)
/// // … an operation fails offline and waits …
/// network.isConnected = true   // observers run now; the operation retries by itself
/// ```
@MainActor
public final class ControllableConnectivityMonitor: ConnectivityMonitor {
  private let observers = ConnectivityObservers()
  private var unobservedWaiters: [CheckedContinuation<Void, Never>] = []

  /// Whether the network is usable. Setting it calls every observer at once, even with an
  /// unchanged value (as a real path monitor may); ``changes`` counts the calls.
  public var isConnected: Bool {
    didSet {
      changes += 1
      observers.notify(isConnected)
    }
  }

  /// How many times ``isConnected`` was set.
  public private(set) var changes = 0

  /// The observations not yet cancelled.
  public var observerCount: Int { observers.count }

  /// Creates a monitor that starts connected or not.
  public init(isConnected: Bool = true) {
    self.isConnected = isConnected
  }

  /// Adds an observer until the observation is cancelled.
  public func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> ConnectivityObservation {
    let observation = observers.add(onChange)
    return ConnectivityObservation { [weak self] in
      observation.cancel()
      self?.observationEnded()
    }
  }

  /// Returns once no observation is left, at once if none is, or once the calling task is
  /// cancelled (a test's time limit): a `RecoveryCoordinator` that goes away cancels its
  /// observation from a task of its own, which a test awaits here instead of guessing when it
  /// ran.
  public func untilUnobserved() async {
    guard observerCount > 0 else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { unobservedWaiters.append($0) }
    } onCancel: {
      Task { @MainActor in self.resumeUnobservedWaiters() }
    }
  }

  private func observationEnded() {
    guard observerCount == 0 else { return }
    resumeUnobservedWaiters()
  }

  private func resumeUnobservedWaiters() {
    let waiters = unobservedWaiters
    unobservedWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}
