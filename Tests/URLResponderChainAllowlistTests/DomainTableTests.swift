import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// `DomainTable` against `Dictionary<String, Int32>` on random and adversarial names.
@Suite struct DomainTableTests {
  @Test(arguments: [0, 1, 2, 3])
  func theTableAgreesWithADictionary(round: Int) {
    var generator = SeededGenerator(seed: 0xD0_3A1D + UInt64(round))
    // Started small, so it grows several times; a fixed seed on two rounds, so colliding
    // slots are exercised the same way every run.
    var table = DomainTable(capacity: 4, seed: round < 2 ? UInt64(round) : .random(in: .min ... .max))
    var reference: [String: Int32] = [:]
    var mismatches: [String] = []
    for _ in 0..<2_000 {
      let name = Self.randomName(using: &generator)
      let index = name.utf8.withContiguousStorageIfAvailable { table.insert($0) }!
      let expected = reference[name] ?? Int32(reference.count)
      reference[name] = expected
      if index != expected { mismatches.append("insert \(name): \(index), expected \(expected)") }
      let probe = Self.randomName(using: &generator)
      let found = probe.utf8.withContiguousStorageIfAvailable { table.index(of: $0) }!
      if found != reference[probe] { mismatches.append("lookup \(probe): \(String(describing: found))") }
    }
    #expect(table.count == reference.count)
    for (name, index) in reference {
      let found = name.utf8.withContiguousStorageIfAvailable { table.index(of: $0) }!
      let stored = table.withName(at: index) { String(decoding: $0, as: UTF8.self) }
      if found != index || stored != name { mismatches.append("\(name): \(String(describing: found)), \(stored)") }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
  }

  @Test func slicesOfALongerBufferAreLookedUpByTheirBytesOnly() {
    var table = DomainTable(capacity: 8)
    let names = ["", "a", "com", "example.com", "a.example.com", "exampleXcom", "example.co"]
    for name in names { _ = name.utf8.withContiguousStorageIfAvailable { table.insert($0) } }
    let host = Array("b.a.example.com".utf8)
    host.withUnsafeBufferPointer { bytes in
      #expect(table.index(of: UnsafeBufferPointer(rebasing: bytes[2...])) == 4)  // a.example.com
      #expect(table.index(of: UnsafeBufferPointer(rebasing: bytes[4...])) == 3)  // example.com
      #expect(table.index(of: UnsafeBufferPointer(rebasing: bytes[12...])) == 2)  // com
      #expect(table.index(of: UnsafeBufferPointer(rebasing: bytes[4..<14])) == 6)  // example.co
      #expect(table.index(of: UnsafeBufferPointer(rebasing: bytes[0...])) == nil)
      #expect(table.index(of: UnsafeBufferPointer(rebasing: bytes[0..<0])) == 0)
    }
  }

  /// Names that stress the hash: shared prefixes and suffixes, lengths around the 8-byte
  /// words, names that differ in one byte of the tail, and bytes above 0x7F.
  static func randomName(using generator: inout SeededGenerator) -> String {
    let alphabet = Array("ab.-0z".utf8) + [0x80, 0xFF]
    let length = Int.random(in: 0...24, using: &generator)
    var bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
    if Bool.random(using: &generator) { bytes += Array(".example.com".utf8) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
