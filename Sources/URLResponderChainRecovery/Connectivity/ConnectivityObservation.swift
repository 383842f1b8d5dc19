import URLResponderChainCore

/// A registration with a ``ConnectivityMonitor``; ``cancel()`` ends it.
@MainActor
public final class ConnectivityObservation {
  private var onCancel: (@MainActor () -> Void)?

  /// Creates an observation that runs `onCancel` the first time it is cancelled.
  public init(onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the observer from being called. Later calls do nothing.
  public func cancel() {
    let onCancel = self.onCancel
    self.onCancel = nil
    onCancel?()
  }
}

/// The observers of a ``ConnectivityMonitor``, for this package's monitors to keep.
///
/// ```swift
/// @MainActor final class PathMonitor: ConnectivityMonitor {
///   private(set) var isConnected = true
///   private let observers = ConnectivityObservers()
///
///   func observe(_ onChange: @escaping @MainActor (Bool) -> Void) -> ConnectivityObservation {
///     observers.add(onChange)
///   }
///
///   /// Called when the network path changes.
///   func pathChanged(connected: Bool) {
///     isConnected = connected
///     observers.notify(connected)
///   }
/// }
/// ```
@MainActor
package final class ConnectivityObservers {
  /// In the order they were added; a few at most, so an array.
  private var observers: [(id: Int, observe: @MainActor (Bool) -> Void)] = []
  private var nextID = 0

  /// Creates an empty list.
  package init() {}

  /// The number of observations not yet cancelled.
  package var count: Int { observers.count }

  /// Adds `observer` until the returned observation is cancelled.
  package func add(_ observer: @escaping @MainActor (Bool) -> Void) -> ConnectivityObservation {
    let id = nextID
    nextID += 1
    observers.append((id, observer))
    return ConnectivityObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  /// Calls every observer with `connected`, in the order they were added. An observer
  /// cancelled by an earlier one in the same round is not called.
  package func notify(_ connected: Bool) {
    for id in observers.map(\.id) {
      observers.first { $0.id == id }?.observe(connected)
    }
  }
}
