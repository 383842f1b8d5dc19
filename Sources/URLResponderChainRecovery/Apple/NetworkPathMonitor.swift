#if canImport(Network)
  import Network
  import URLResponderChainCore

  /// A ``ConnectivityMonitor`` backed by `NWPathMonitor`: connected while
  /// the current path is `.satisfied`.
  ///
  /// Give it to the recovery coordinator at launch, so that operations that failed offline are
  /// retried by themselves when the network returns:
  ///
  /// ```swift
  /// RecoveryCoordinator.shared.connectivity = NetworkPathMonitor()
  /// ```
  ///
  /// Path updates arrive on the main queue and are delivered to observers there. Keep the
  /// monitor as long as you need it; it stops when it is released.
  @MainActor
  public final class NetworkPathMonitor: ConnectivityMonitor {
    private let monitor = NWPathMonitor()
    private let observers = ConnectivityObservers()

    /// Whether the current path is satisfied. `true` until the first path arrives, which
    /// `NWPathMonitor` delivers as soon as it starts.
    public private(set) var isConnected = true

    /// Starts monitoring every interface.
    public init() {
      monitor.pathUpdateHandler = { [weak self] path in
        let connected = path.status == .satisfied
        // Sound: the monitor is started on the main queue, which the main actor runs on.
        MainActor.assumeIsolated { self?.update(connected) }
      }
      monitor.start(queue: .main)
    }

    // Not `isolated deinit`: that needs the iOS 18.4 runtime. Cancelling from any thread is
    // what `NWPathMonitor` allows, and nothing else touches the monitor once `self` is gone.
    deinit {
      monitor.cancel()
    }

    /// Calls `onChange` on the main actor with each change of ``isConnected``.
    public func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> ConnectivityObservation {
      observers.add(onChange)
    }

    private func update(_ connected: Bool) {
      guard connected != isConnected else { return }
      isConnected = connected
      observers.notify(connected)
    }
  }
#endif
