import TestSupport
import Testing

@testable import URLResponderChainCore

/// The scan for forbidden bytes, which skips eight bytes at a time, against the byte-by-byte
/// loop it replaced: every byte value at every position, then random mixes.
@Suite struct ForbiddenByteScanTests {
  /// The scan as it was: the first control character, space, DEL or backslash, and whether
  /// every byte is ASCII.
  static func reference(_ bytes: [UInt8]) -> (UInt8?, Bool) {
    var isASCII = true
    for byte in bytes {
      if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return (byte, false) }
      if byte >= 0x80 { isASCII = false }
    }
    return (nil, isASCII)
  }

  static func scanned(_ bytes: [UInt8]) -> (UInt8?, Bool) {
    bytes.withUnsafeBufferPointer { URLSafety.scan($0) }
  }

  @Test func everyByteValueAtEveryPositionIsFound() {
    var mismatches: [String] = []
    for length in [8, 17, 24] {
      for position in 0..<length {
        for value in UInt8.min...UInt8.max {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          bytes[position] = value
          if Self.scanned(bytes) != Self.reference(bytes) { mismatches.append("\(value) at \(position) of \(length)") }
        }
      }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5))")
  }

  @Test func randomMixesScanAsByteByByte() {
    var random = SeededGenerator(seed: 0x5CA2)
    // Bytes on either side of each boundary the word test uses, and ordinary ones.
    let alphabet: [UInt8] = [0x00, 0x09, 0x1F, 0x20, 0x21, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xFF, 0x61, 0x2F]
    var mismatches: [[UInt8]] = []
    for _ in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        Int.random(in: 0..<4, using: &random) == 0 ? alphabet.randomElement(using: &random)! : UInt8(ascii: "a")
      }
      if Self.scanned(bytes) != Self.reference(bytes) { mismatches.append(bytes) }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(3))")
  }
}
