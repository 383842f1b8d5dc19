/// Where a finished propagation is handed on for observers: `nil` (one check per walk) until
/// the observability product's first observer starts (`startObservingPropagations()`).
///
/// Process-wide, like the registry it serves: observers see every propagation in the app,
/// whichever view started it. Isolated to the main actor, where walks finish.
@MainActor
package enum PropagationObservation {
  /// Called once per finished propagation with its result and duration.
  package static var didFinish: (@MainActor (URLPropagationResult, Duration) -> Void)?
}
