/// A set of object addresses: open addressing with linear probing over one array.
///
/// It does what `Set<ObjectIdentifier>` would for ``VisitedNodes`` past its filter, and for
/// the other walks up a chain, without the 2 KB of specialized hashing code the standard
/// set adds to every module that uses it for a path most walks never take. Addresses are the
/// runtime's, not an attacker's, so a multiplicative hash spreads them well enough.
package struct AddressTable {
  /// Each slot holds an address's bit pattern, or 0 for empty (no object lives at 0).
  private var slots = [Int](repeating: 0, count: 64)
  private var count = 0

  /// An empty table.
  package init() {}

  /// Adds `address` and returns whether it was new.
  package mutating func insert(_ address: ObjectIdentifier) -> Bool {
    // At most half full, so a probe finds an empty slot in a few steps.
    if (count + 1) * 2 > slots.count { grow() }
    let key = Int(bitPattern: UInt(bitPattern: address))
    let mask = slots.count - 1
    var index = Self.home(of: key, mask: mask)
    while slots[index] != 0 {
      if slots[index] == key { return false }
      index = (index + 1) & mask
    }
    slots[index] = key
    count += 1
    return true
  }

  /// The slot a key is looked for first: Fibonacci hashing, whose upper bits spread aligned
  /// addresses.
  private static func home(of key: Int, mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// Doubles the slots and puts every address back.
  private mutating func grow() {
    let old = slots
    slots = [Int](repeating: 0, count: old.count * 2)
    let mask = slots.count - 1
    for key in old where key != 0 {
      var index = Self.home(of: key, mask: mask)
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = key
    }
  }
}
