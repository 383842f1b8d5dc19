import Foundation

/// The propagations in flight, by origin, so an identical one can join them.
///
/// Keyed by the origin's identity, never the origin itself, and never by the URL: hashing
/// an `ObjectIdentifier` is a multiply, hashing a URL reads its whole text. An origin
/// rarely has more than one propagation in flight, so the URLs are compared only for the
/// walks of the same origin. The dictionary keeps its storage once grown, so registering a
/// propagation costs no allocation in steady state.
@MainActor
enum InFlightPropagations {
  private static var walks: [ObjectIdentifier: [PropagationWalk]] = [:]

  /// The walk in flight from the origin `originID` with `url`, if there is one.
  static func walk(from originID: ObjectIdentifier, for url: URL) -> PropagationWalk? {
    walks[originID]?.first { $0.originalURL == url }
  }

  static func register(_ walk: PropagationWalk) {
    walks[walk.originID, default: []].append(walk)
  }

  static func remove(_ walk: PropagationWalk) {
    guard let index = walks[walk.originID]?.firstIndex(where: { $0 === walk }) else { return }
    walks[walk.originID]!.remove(at: index)
    if walks[walk.originID]!.isEmpty { walks[walk.originID] = nil }
  }
}
