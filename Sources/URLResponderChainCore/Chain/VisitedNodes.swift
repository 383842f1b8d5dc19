/// The set of nodes a walk has visited, cheap enough to check on every hop.
///
/// A walk must visit each node at most once, even when a misbehaving chain loops back.
/// A hash set would cost an allocation and a hash per hop, so the first checks go
/// through a 1,024-bit filter stored inline: a clear bit proves the node is new. Only
/// when the bit is already set does the walk scan the nodes it has recorded. Past
/// ``exactThreshold`` nodes the filter is too full to help, and an exact set takes over.
package struct VisitedNodes {
  /// How many nodes the filter answers for before an exact set replaces it.
  static let exactThreshold = 256

  private var filter = InlineBitFilter()
  private var exact: Set<ObjectIdentifier>?
  private var count = 0

  /// An empty set.
  package init() {}

  /// Records `id` and returns whether it is new.
  ///
  /// - Parameters:
  ///   - id: The node about to be visited.
  ///   - visitedSoFar: Every node recorded so far; called only to settle a filter
  ///     collision or to build the exact set, so the common hop never touches it.
  @inline(__always)
  package mutating func insert<Visited: Sequence<ObjectIdentifier>>(
    _ id: ObjectIdentifier,
    visitedSoFar: () -> Visited
  ) -> Bool {
    if exact != nil {
      return exact!.insert(id).inserted
    }
    if filter.testAndSet(id), visitedSoFar().contains(id) {
      return false
    }
    count += 1
    if count > Self.exactThreshold {
      var set = Set(visitedSoFar())
      set.insert(id)
      exact = set
    }
    return true
  }
}

/// A fixed 1,024-bit Bloom-style filter over object identities, with no heap storage.
struct InlineBitFilter {
  private var words:
    (
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
      UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  /// Sets the bit for `id` and returns whether it was already set.
  mutating func testAndSet(_ id: ObjectIdentifier) -> Bool {
    // Fibonacci hashing spreads aligned addresses; the top 10 bits pick one of 1,024 bits.
    let bit = Int((UInt64(UInt(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
    return withUnsafeMutableBytes(of: &words) { raw in
      let words = raw.bindMemory(to: UInt64.self)
      let mask: UInt64 = 1 << UInt64(bit & 63)
      let wasSet = words[bit >> 6] & mask != 0
      words[bit >> 6] |= mask
      return wasSet
    }
  }
}
