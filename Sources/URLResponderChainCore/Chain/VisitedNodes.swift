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
/// - When the walk waits it lets go of them (``remember(_:)``), so that a node below a handler
///   that takes its time can go away, and remembers each one by a weak reference, which reads
///   `nil` once the node is freed, whatever is allocated at its address later. One way on
///   every platform: a UIKit responder's weak references live in the Objective-C runtime's
///   table and cost its retains nothing; a Swift node (a SwiftUI modifier's handler, a test's
///   node) gets a side table, which sends its later retains down the runtime's slow path. That
///   cost is paid only by nodes a walk really waited behind: an awaited handler that answers
///   without suspending is not a wait (`PropagationWalk`). It is measured where it ships
///   (`Benchmarks/README.md`). A walk that ends forgets them all.
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
  /// The nodes visited before the walk last waited, by weak references, in order.
  private var earlier: [EarlierNode] = []
  /// How many nodes the filter has answered for.
  private var filtered = 0

  /// An empty set.
  package init() {}

  #if DEBUG
    /// How many let-go nodes are remembered.
    var rememberedCount: Int { earlier.count }
  #endif

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

  /// Remembers the nodes in `held` by weak references, because the walk is about to let go of
  /// them and wait: while a handler takes its time, the nodes below it can go away. The caller
  /// then lets go of `held`. The handler itself is held by the walk while it is asked, and
  /// joins the held nodes once it has answered.
  package mutating func remember(_ held: borrowing HeldNodes) {
    held.forEachNode { earlier.append(EarlierNode($0)) }
  }

  /// Whether the node visited at `address` still lives. It is then the node now at that
  /// address, because two live objects never share one.
  @inline(never)
  private func livesAsVisited(_ address: ObjectIdentifier, held: borrowing HeldNodes) -> Bool {
    if held.contains(address) { return true }
    // A node visited earlier at the same address was freed before a later one could take
    // it, so the last one decides.
    guard let last = earlier.lastIndex(where: { $0.address == address }) else { return false }
    return earlier[last].node != nil
  }

  @inline(never)
  private mutating func makeExactTable(held: borrowing HeldNodes, adding address: ObjectIdentifier) {
    var table = AddressTable()
    for node in earlier { _ = table.insert(node.address) }
    held.forEachAddress { _ = table.insert($0) }
    _ = table.insert(address)
    exact = table
  }
}

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
