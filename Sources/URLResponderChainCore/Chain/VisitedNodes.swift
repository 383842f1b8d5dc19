/// A visited node's identity: its address and its class.
///
/// Two live objects never share an address, but a walk holds no node past its turn, so a node
/// it visited can be freed while a handler above takes its time, and a new object can then be
/// allocated at that address. Its class usually tells the two apart, so a walk does not take
/// the newcomer for a visited node and stop as if the chain looped. (A newcomer of the very
/// same class at the same address is still taken for the freed node: the walk then ends
/// unhandled, which opens nothing.)
package struct NodeIdentity: Equatable, Sendable {
  /// The node's address.
  package let address: ObjectIdentifier
  /// The node's dynamic class.
  package let type: ObjectIdentifier

  /// The identity of `node`.
  @inline(__always)
  package init(_ node: AnyObject) {
    self.init(address: ObjectIdentifier(node), type: Swift.type(of: node))
  }

  /// The identity of a node at `address` whose dynamic type is `type`.
  @inline(__always)
  package init(address: ObjectIdentifier, type: any Any.Type) {
    self.address = address
    self.type = ObjectIdentifier(type)
  }
}

/// The set of nodes a walk has visited, cheap enough to check on every hop.
///
/// A walk must visit each node at most once, even when a misbehaving chain loops back.
/// A hash set would cost an allocation and a hash per hop, so the first checks go
/// through a 1,024-bit filter stored inline: a clear bit proves the node is new. Only
/// when the bit is already set does the walk scan the nodes it has recorded. Past
/// ``exactThreshold`` nodes the filter is too full to help, and an exact table takes over.
package struct VisitedNodes {
  /// How many nodes the filter answers for before an exact table replaces it.
  static let exactThreshold = 256

  private var filter = InlineBitFilter()
  /// The addresses visited, once the filter is too full to help. An address seen before is
  /// checked against the visited identities, which tells a freed node's newcomer apart.
  private var exact: AddressTable?
  private var count = 0

  /// An empty set.
  package init() {}

  /// Records `node` and returns whether it is new.
  ///
  /// - Parameters:
  ///   - node: The node about to be visited.
  ///   - visitedSoFar: Every node recorded so far; called only to settle a filter
  ///     collision or to build the exact table, so the common hop never touches it.
  @inline(__always)
  package mutating func insert<Visited: Sequence<NodeIdentity>>(
    _ node: NodeIdentity,
    visitedSoFar: () -> Visited
  ) -> Bool {
    if exact != nil {
      return exact!.insert(node.address) || !visitedSoFar().contains(node)
    }
    if filter.testAndSet(node.address), visitedSoFar().contains(node) {
      return false
    }
    count += 1
    if count > Self.exactThreshold {
      var table = AddressTable()
      for visited in visitedSoFar() { _ = table.insert(visited.address) }
      _ = table.insert(node.address)
      exact = table
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
