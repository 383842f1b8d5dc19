/// The nodes a walk passed since it last waited for a handler, each kept alive until the walk
/// waits or ends; ``VisitedNodes`` says why. The walks up presented hosts keep the hosts they
/// pass in it too, for the same reason.
///
/// Keeping a node moves the walk's own reference in: it costs no retain, and, because the
/// storage has one owner (the type cannot be copied), no uniqueness check either. Kept in an
/// array of objects instead, each node cost two more retain-release pairs and a uniqueness
/// check: 760 instructions per `URLHandler` hop, against 613 with this type and 585 when the
/// walk kept no node (callgrind, `Benchmarks/README.md`).
///
/// The references are `Unmanaged` and released by hand; that is sound because only this type
/// holds them, it cannot be copied, and each one is released exactly once: by
/// `deinit`, when the walk lets go of the value.
package struct HeldNodes: ~Copyable {
  private var base: UnsafeMutablePointer<Unmanaged<AnyObject>>?
  private var count = 0
  private var capacity = 0

  /// None held; the storage is allocated at the first node.
  package init() {}

  deinit {
    for index in 0..<count { base.unsafelyUnwrapped[index].release() }
    base?.deallocate()
  }

  /// Keeps `node` alive until ``removeAll(_:)`` or the end of the walk.
  @inline(__always)
  package mutating func append(_ node: consuming AnyObject) {
    if count == capacity { grow() }
    (base.unsafelyUnwrapped + count).initialize(to: .passRetained(node))
    count += 1
  }

  /// Whether a node held here lives at `address`.
  package func contains(_ address: ObjectIdentifier) -> Bool {
    for index in 0..<count where ObjectIdentifier(base.unsafelyUnwrapped[index].takeUnretainedValue()) == address {
      return true
    }
    return false
  }

  /// Calls `body` with the address of each node held here.
  package func forEachAddress(_ body: (ObjectIdentifier) -> Void) {
    for index in 0..<count { body(ObjectIdentifier(base.unsafelyUnwrapped[index].takeUnretainedValue())) }
  }

  /// Calls `body` with each node held here, in the order they were kept.
  package func forEachNode(_ body: (AnyObject) -> Void) {
    for index in 0..<count { body(base.unsafelyUnwrapped[index].takeUnretainedValue()) }
  }

  /// Room for 32 nodes at first (most chains), then twice as much each time it is full.
  @inline(never)
  private mutating func grow() {
    let newCapacity = max(capacity * 2, 32)
    let newBase = UnsafeMutablePointer<Unmanaged<AnyObject>>.allocate(capacity: newCapacity)
    if let base {
      newBase.moveInitialize(from: base, count: count)
      base.deallocate()
    }
    base = newBase
    capacity = newCapacity
  }
}
