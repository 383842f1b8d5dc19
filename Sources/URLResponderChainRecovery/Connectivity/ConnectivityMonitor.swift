import URLResponderChainCore

/// Tells whether the device has a usable network path, and when that changes.
///
/// `NetworkPathMonitor` (in `URLResponderChain`, on Apple platforms) wraps `NWPathMonitor`;
/// the test kit's `ControllableConnectivityMonitor` is switched by hand. Give one to the
/// ``RecoveryCoordinator``, and operations that failed offline are retried by themselves when
/// the network returns:
///
/// ```swift
/// RecoveryCoordinator.shared.connectivity = NetworkPathMonitor()
/// ```
///
/// ## What conformers must guarantee
///
/// - ``isConnected`` is the latest value known on the main actor.
/// - Observers are called on the main actor, after ``isConnected`` has changed, with its new
///   value; calls with an unchanged value are allowed (the coordinator acts on transitions only).
/// - A cancelled observation is never called again.
@MainActor
public protocol ConnectivityMonitor: AnyObject {
  /// Whether the network can be used now.
  var isConnected: Bool { get }

  /// Calls `onChange` with the new value each time ``isConnected`` changes, until the
  /// returned observation is cancelled.
  func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> ConnectivityObservation
}
