import TestSupport
import Testing

@testable import URLResponderChainCore

/// The walks' exact set of visited addresses, checked against the standard library's set.
@Suite struct AddressTableTests {
  /// Random addresses, aligned as the allocator aligns them, some of them repeated: the
  /// table answers every insertion as `Set<ObjectIdentifier>` does, across many growths.
  @Test(arguments: 0..<4)
  func answersAsTheStandardSetDoes(round: Int) {
    var generator = SeededGenerator(seed: UInt64(round) &+ 0xADD2_E55)
    var table = AddressTable()
    var reference = Set<ObjectIdentifier>()
    var mismatches = 0
    var pool: [ObjectIdentifier] = []
    for _ in 0..<20_000 {
      let address: ObjectIdentifier
      if !pool.isEmpty, Int.random(in: 0..<4, using: &generator) == 0 {
        address = pool.randomElement(using: &generator)!
      } else {
        let bits = UInt.random(in: 1...(1 << 40), using: &generator) << 4
        address = Self.identifier(bits)
        pool.append(address)
      }
      if table.insert(address) != reference.insert(address).inserted { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  /// Addresses one allocation apart collide in the low bits; each is still told apart.
  @Test func neighbouringAddressesAreEachKeptOnce() {
    var table = AddressTable()
    let addresses = (1...5_000).map { Self.identifier(UInt($0) * 16) }
    #expect(addresses.allSatisfy { table.insert($0) })
    #expect(addresses.allSatisfy { !table.insert($0) })
  }

  /// An identifier for an address where no object need live: the table only compares them.
  private static func identifier(_ address: UInt) -> ObjectIdentifier {
    unsafeBitCast(address, to: ObjectIdentifier.self)
  }
}
