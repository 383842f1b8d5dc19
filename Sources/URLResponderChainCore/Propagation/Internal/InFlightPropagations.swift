import Foundation

/// The propagations in flight, by origin and URL, so an identical one can join them.
///
/// Keys hold the origin's identity, never the origin itself. The dictionary keeps its
/// storage once grown, so registering a propagation costs no allocation in steady state.
@MainActor
enum InFlightPropagations {
  struct Key: Hashable {
    let originID: ObjectIdentifier
    let url: URL
  }

  private static var walks: [Key: PropagationWalk] = [:]

  static func walk(for key: Key) -> PropagationWalk? { walks[key] }

  static func register(_ walk: PropagationWalk, for key: Key) { walks[key] = walk }

  static func remove(_ walk: PropagationWalk, for key: Key) {
    if walks[key] === walk { walks[key] = nil }
  }
}
