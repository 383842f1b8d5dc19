import Foundation

/// The propagations in flight, by origin: so an identical one can join them, and so that an
/// origin with too many in flight starts no more (``PropagationWalk/inFlightLimit``).
///
/// Keyed by the origin's identity, never the origin itself, and never by the URL: hashing
/// an `ObjectIdentifier` is a multiply, hashing a URL reads its whole text. An origin
/// rarely has more than one propagation in flight; the others are linked from the first
/// (``PropagationWalk/nextInFlight``), so the URLs are compared only among the walks of one
/// origin, and registering a walk allocates nothing once the dictionary has grown.
///
/// An identity is only a key, never proof of who asks: once an origin is freed, another
/// object can be allocated at its address and so have its identifier. A walk is therefore
/// joined only by its own origin, still alive (the walk holds it weakly, and a weak
/// reference to a freed object reads `nil` whatever now lives at that address), so a walk
/// whose origin is gone can never be joined, nor counted against a newcomer at its address.
///
/// Global state, and sound: it is main-actor isolated, as every walk is, so each read and
/// write happens on the main actor in order, whichever thread or task sent the link.
@MainActor
enum InFlightPropagations {
  private static var walks: [ObjectIdentifier: PropagationWalk] = [:]

  /// The walk in flight from `origin` itself (alive) with `url` that may be joined, if there is one.
  static func walk(from origin: any ResponderChainNode, for url: URL) -> PropagationWalk? {
    var walk = walks[ObjectIdentifier(origin)]
    while let candidate = walk {
      if candidate.isJoinable, candidate.origin.node === origin, candidate.originalURL == url { return candidate }
      walk = candidate.nextInFlight
    }
    return nil
  }

  /// Registers `walk` in flight.
  ///
  /// - Returns: How many other walks from its origin (alive) are in flight, joinable or not:
  ///   counted on the list the registration reads anyway.
  static func register(_ walk: PropagationWalk) -> Int {
    walk.nextInFlight = walks.updateValue(walk, forKey: walk.originID)
    let origin = walk.origin.node
    var count = 0
    var other = walk.nextInFlight
    while let candidate = other {
      if candidate.origin.node === origin { count += 1 }
      other = candidate.nextInFlight
    }
    return count
  }

  static func remove(_ walk: PropagationWalk) {
    defer { walk.nextInFlight = nil }
    guard let first = walks[walk.originID] else { return }
    if first === walk {
      walks[walk.originID] = walk.nextInFlight
      return
    }
    var previous = first
    while let candidate = previous.nextInFlight {
      if candidate === walk {
        previous.nextInFlight = walk.nextInFlight
        return
      }
      previous = candidate
    }
  }
}
