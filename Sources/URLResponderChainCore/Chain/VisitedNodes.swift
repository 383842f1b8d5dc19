/// The nodes a walk has visited, cheap enough to check on every hop.
///
/// A walk must visit each node at most once, even when a misbehaving chain loops back. Two
/// live objects never share an address, but a freed node's address is soon handed to a new
/// object, often of the very same class: a chain may make its nodes as the walk asks for them
/// (an adapter whose `nextNode` returns a new wrapper that only the walk holds), and an app may
/// replace a node while a handler takes its time. An address seen before is therefore a
/// revisit only while the node seen there lives, and the walk keeps what it needs to know it:
///
/// - The nodes visited since the walk last waited (``HeldNodes``, the walk's own). None of
///   them can be freed, so no address among them reused, while the walk goes on without
///   waiting; the walk lets go of them when it waits or ends.
/// - Before the walk waits for a handler (``letGo(_:then:)``) it lets go of them, so that a node
///   below a handler that takes its time can go away, and remembers each one in a way that
///   tells it from a newcomer at its address:
///   - a Swift object by an unowned reference, which keeps its memory (not the object: it is
///     freed as usual, its `deinit` runs), so no newcomer can take its address while the walk
///     remembers it. Unlike a weak reference it costs the object no side table, which sends
///     every later retain and release of it down the runtime's slow path: remembered weakly,
///     an awaited hop cost 4,685 instructions, now 2,801 (`Benchmarks/README.md`).
///   - an Objective-C object (every UIKit responder) by a weak reference, which reads `nil`
///     once it is freed, whatever is allocated at its address later: an unowned reference to
///     it is a weak one underneath, and keeps nothing. Where the Objective-C runtime exists
///     every node is remembered this way, at no cost to a UIKit responder (its weak
///     references live in the runtime's own table, and its retains do not slow down). A Swift
///     node there, such as a SwiftUI modifier's handler, gets the side table: telling the two
///     kinds apart at run time took more code than the first product's budget had left.
///
/// A hash set would cost an allocation and a hash per hop, so the first check goes through a
/// 1,024-bit filter stored inline: a clear bit proves the address is new. Only when the bit
/// is already set does the walk look through the nodes it kept. Past ``exactThreshold`` nodes
/// the filter is too full to help, and an exact table of addresses takes over.
package struct VisitedNodes {
  /// How many nodes the filter answers for before an exact table replaces it.
  static let exactThreshold = 256

  private var filter = InlineBitFilter()
  /// Every address visited, once the filter is too full to help.
  private var exact: AddressTable?
  #if !canImport(ObjectiveC)
    /// The nodes visited before the walk last waited, whose memory it keeps.
    private var kept: [KeptNode] = []
  #endif
  #if canImport(ObjectiveC) || DEBUG
    /// The nodes visited before the walk last waited that it remembers weakly, in order.
    private var earlier: [EarlierNode] = []
  #endif
  /// How many nodes the filter has answered for.
  private var filtered = 0

  /// An empty set.
  package init() {}

  /// Records the node at `address`, about to be visited, and returns whether it is new: not a
  /// visited node that still lives.
  ///
  /// - Parameters:
  ///   - address: The address of the node about to be visited.
  ///   - held: The nodes visited since the walk last waited, which it still holds.
  @inline(__always)
  package mutating func insert(_ address: ObjectIdentifier, held: borrowing HeldNodes) -> Bool {
    if exact != nil { return exact!.insert(address) || !livesAsVisited(address, held: held) }
    if filter.testAndSet(address), livesAsVisited(address, held: held) { return false }
    filtered += 1
    if filtered > Self.exactThreshold { makeExactTable(held: held, adding: address) }
    return true
  }

  /// Lets go of the nodes in `held`, and empties it, because the walk is about to wait for
  /// `handler`: while it takes its time, the nodes below it can go away. The handler is
  /// remembered too, and held by the walk elsewhere; it never goes through `held`, whose
  /// storage would otherwise be allocated for it alone when awaited handlers follow one another.
  package mutating func letGo(_ held: inout HeldNodes, then handler: AnyObject) {
    // Appended one by one, so the storage grows by doubling: reserving the exact count here
    // would copy every reference again at each wait.
    held.removeAll { remember($0) }
    remember(handler)
  }

  /// Remembers a node the walk is letting go of.
  private mutating func remember(_ node: AnyObject) {
    #if canImport(ObjectiveC)
      earlier.append(EarlierNode(node))
    #elseif DEBUG
      guard node is any RememberedWeakly else { return kept.append(KeptNode(node)) }
      earlier.append(EarlierNode(node))
    #else
      kept.append(KeptNode(node))
    #endif
  }

  /// Whether the node visited at `address` still lives. It is then the node now at that
  /// address, because two live objects never share one.
  @inline(never)
  private func livesAsVisited(_ address: ObjectIdentifier, held: borrowing HeldNodes) -> Bool {
    if held.contains(address) { return true }
    #if !canImport(ObjectiveC)
      // A remembered Swift object's address cannot have been taken by another object.
      if kept.contains(where: { $0.address == address }) { return true }
    #endif
    #if canImport(ObjectiveC) || DEBUG
      // A node visited earlier at the same address was freed before a later one could take
      // it, so the last one decides.
      guard let last = earlier.lastIndex(where: { $0.address == address }) else { return false }
      return earlier[last].node != nil
    #else
      return false
    #endif
  }

  @inline(never)
  private mutating func makeExactTable(held: borrowing HeldNodes, adding address: ObjectIdentifier) {
    var table = AddressTable()
    #if !canImport(ObjectiveC)
      for node in kept { _ = table.insert(node.address) }
    #endif
    #if canImport(ObjectiveC) || DEBUG
      for node in earlier { _ = table.insert(node.address) }
    #endif
    held.forEachAddress { _ = table.insert($0) }
    _ = table.insert(address)
    exact = table
  }
}

#if !canImport(ObjectiveC)
  /// A Swift object visited before the walk last waited, by an unowned reference: its memory
  /// stays taken while the walk remembers it (``VisitedNodes`` says why).
  private struct KeptNode {
    let address: ObjectIdentifier
    /// Never read: the object may have been freed.
    private unowned let memory: AnyObject

    init(_ node: AnyObject) {
      self.address = ObjectIdentifier(node)
      self.memory = node
    }
  }
#endif

#if canImport(ObjectiveC) || DEBUG
  /// A node visited before the walk last waited, by a weak reference: where it was, and
  /// whether it still lives.
  private struct EarlierNode {
    let address: ObjectIdentifier
    weak var node: AnyObject?

    init(_ node: AnyObject) {
      self.address = ObjectIdentifier(node)
      self.node = node
    }
  }
#endif

#if !canImport(ObjectiveC) && DEBUG
  /// A node that a debug build without the Objective-C runtime remembers as it would an
  /// Objective-C object: by a weak reference, not its memory. Tests conform the nodes of the
  /// scenarios that need a freed node's address taken by a newcomer, so that the weak path,
  /// the one every UIKit responder takes, is exercised where no UIKit runs.
  package protocol RememberedWeakly: AnyObject {}
#endif

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
