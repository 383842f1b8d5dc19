import URLResponderChainCore

/// Sees every propagation after it finished, for analytics and diagnostics.
///
/// Start with ``startObservingPropagations()``. An observer is told about every
/// propagation, once, in the order they finished, on the main actor, after the callers'
/// completions have been resumed: a slow observer never delays a tap's outcome, and an
/// observer cannot change it (it receives a value, not the walk).
///
/// ```swift
/// final class LinkAnalytics: URLPropagationObserver {
///   func propagationDidFinish(_ report: URLPropagationReport) {
///     track(report.outcome, report.url.host, report.duration)
///   }
/// }
/// let analytics = LinkAnalytics()
/// analytics.startObservingPropagations()   // held weakly
/// ```
///
/// Conformers must return promptly; work that takes time belongs in a task of its own.
@MainActor
public protocol URLPropagationObserver: AnyObject {
  /// Called once per finished propagation (joined taps count once).
  ///
  /// - Parameter report: The outcome, deciding node type, duration and redacted URLs.
  func propagationDidFinish(_ report: URLPropagationReport)
}

extension URLPropagationObserver {
  /// Starts telling this observer about every propagation that finishes, after the observers
  /// already told. It is held weakly; starting it twice does nothing.
  ///
  /// It is told until it is deallocated or ``stopObservingPropagations()`` is called.
  public func startObservingPropagations() { ObserverRegistry.add(self) }

  /// Stops telling this observer. Reports already queued for it are not delivered.
  public func stopObservingPropagations() { ObserverRegistry.remove(self) }
}

/// The observers that are told about propagations, in the order they started; the one
/// registration point, for the whole process like the propagations it reports.
@MainActor
enum ObserverRegistry {
  private static var observers: [WeakObserver] = []
  private static var pending: [URLPropagationReport] = []
  private static var isDelivering = false

  /// Registers `observer`, held weakly, after those already registered. Adding it twice does nothing.
  static func add(_ observer: any URLPropagationObserver) {
    observers.removeAll { $0.observer == nil }
    guard !observers.contains(where: { $0.observer === observer }) else { return }
    observers.append(WeakObserver(observer: observer))
    if PropagationObservation.didFinish == nil {
      PropagationObservation.didFinish = { result, duration in
        enqueue(URLPropagationReport(result: result, duration: duration))
      }
    }
  }

  /// Stops calling `observer`. Reports already queued for it are not delivered.
  static func remove(_ observer: any URLPropagationObserver) {
    observers.removeAll { $0.observer == nil || $0.observer === observer }
  }

  /// Queues a report and schedules delivery on a later main-actor turn, so the callers
  /// resumed before it run first.
  static func enqueue(_ report: @autoclosure () -> URLPropagationReport) {
    guard !observers.isEmpty else { return }
    pending.append(report())
    guard !isDelivering else { return }
    isDelivering = true
    Task { @MainActor in deliver() }
  }

  private static func deliver() {
    // Reports enqueued by an observer while this runs are delivered in this same pass, in order.
    var index = 0
    while index < pending.count {
      let report = pending[index]
      index += 1
      for entry in observers { entry.observer?.propagationDidFinish(report) }
    }
    pending.removeAll()
    isDelivering = false
  }
}

private struct WeakObserver {
  weak var observer: (any URLPropagationObserver)?
}
