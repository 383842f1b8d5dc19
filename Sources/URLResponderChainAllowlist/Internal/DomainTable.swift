import Foundation
import URLResponderChainCore

/// Domain names to dense indices (0, 1, 2, … in insertion order), looked up by their UTF-8
/// bytes: a host and each of its parent domains are looked up as slices of one buffer,
/// without a string, a copy or a reference count.
///
/// An open-addressing table (linear probing, at most half full) over a 64-bit hash of the
/// bytes, eight at a time. The hash is seeded at random per table, so which names collide
/// cannot be worked out in advance. Only the allowlist's own rules are ever inserted: a
/// hostile URL's host is only looked up, and a lookup cannot make the table slower for the
/// next one.
struct DomainTable: Sendable {
  /// Every name's bytes, one after the other.
  private var bytes: [UInt8] = []
  /// Where each name starts in `bytes`, and its length.
  private var spans: [(start: Int32, count: Int32)] = []
  /// Each name's hash, compared before its bytes.
  private var hashes: [UInt64] = []
  /// Indices into `spans`, or -1 for an empty slot. A power of two long.
  private var slots: [Int32]
  private let seed: UInt64

  /// The number of names.
  var count: Int { spans.count }

  /// An empty table with room for `capacity` names of `byteCount` bytes in all before it grows.
  init(capacity: Int, byteCount: Int = 0, seed: UInt64 = .random(in: .min ... .max)) {
    self.seed = seed
    slots = Array(repeating: -1, count: Self.slotCount(for: capacity))
    spans.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    bytes.reserveCapacity(byteCount)
  }

  /// The index of `name`, adding it if it is new.
  mutating func insert(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
    let hash = Self.hash(name, seed: seed)
    if let found = index(of: name, hash: hash) { return found }
    if (spans.count + 1) * 2 > slots.count { grow() }
    let index = Int32(spans.count)
    spans.append((Int32(bytes.count), Int32(name.count)))
    hashes.append(hash)
    bytes.append(contentsOf: name)
    place(index, hash: hash)
    return index
  }

  /// The index of `name`, or `nil` when it is not in the table.
  @inline(__always)
  func index(of name: UnsafeBufferPointer<UInt8>) -> Int32? {
    index(of: name, hash: Self.hash(name, seed: seed))
  }

  /// Calls `body` with the bytes of the name at `index`.
  func withName<Result>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let span = spans[Int(index)]
    return bytes.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[Int(span.start)..<Int(span.start + span.count)]))
    }
  }

  // MARK: - Probing

  private func index(of name: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let candidate = slots[slot]
      if candidate < 0 { return nil }
      if hashes[Int(candidate)] == hash, equals(candidate, name) { return candidate }
      slot = (slot + 1) & mask
    }
  }

  private func equals(_ index: Int32, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    let span = spans[Int(index)]
    guard Int(span.count) == name.count else { return false }
    guard let base = name.baseAddress, name.count > 0 else { return true }
    return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + Int(span.start), base, name.count) == 0 }
  }

  private mutating func place(_ index: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = index
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    for index in hashes.indices { place(Int32(index), hash: hashes[index]) }
  }

  /// A power of two at least twice `capacity` (and at least 8), so the table is at most half full.
  private static func slotCount(for capacity: Int) -> Int {
    var count = 8
    while count < capacity * 2 { count *= 2 }
    return count
  }

  // MARK: - Hashing

  /// A seeded 64-bit hash of `bytes`, eight bytes at a time.
  @inline(__always)
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    let raw = UnsafeRawBufferPointer(bytes)
    var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    var offset = 0
    while offset + 8 <= raw.count {
      hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    if offset < raw.count {
      var tail: UInt64 = 0
      for (shift, byte) in raw[offset...].enumerated() { tail |= UInt64(byte) << UInt64(shift * 8) }
      hash = mix(hash ^ tail)
    }
    // MurmurHash3's finalizer: every input bit reaches every output bit.
    hash = (hash ^ (hash >> 33)) &* 0xFF51_AFD7_ED55_8CCD
    hash = (hash ^ (hash >> 33)) &* 0xC4CE_B9FE_1A85_EC53
    return hash ^ (hash >> 33)
  }

  @inline(__always)
  private static func mix(_ value: UInt64) -> UInt64 {
    let product = value &* 0x9E37_79B9_7F4A_7C15
    return product ^ (product >> 29)
  }
}
