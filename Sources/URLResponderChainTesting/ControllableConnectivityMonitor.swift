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
    observers.add(onChange)
  }
}
