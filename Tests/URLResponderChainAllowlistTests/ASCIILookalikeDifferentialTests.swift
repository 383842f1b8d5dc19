import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// The characters a path rule refuses because servers may read them as ASCII, against an
/// independent reference: Python's `unicodedata` (NFKC and NFKC_Casefold, UAX #15) and its
/// case mappings, over every scalar both Unicode versions assign.
@Suite struct ASCIILookalikeDifferentialTests {
  /// The reference's scalars, and the Unicode version it was made with.
  private func reference() throws -> (scalars: Set<UInt32>, major: Int, minor: Int) {
    let text = try String(contentsOf: Fixtures.asciiLookalikes, encoding: .utf8)
    var scalars: Set<UInt32> = []
    var version = (0, 0)
    for line in text.split(separator: "\n") {
      if line.hasPrefix("# unicode ") {
        let parts = line.dropFirst("# unicode ".count).split(separator: ".").compactMap { Int($0) }
        version = (parts[0], parts[1])
        continue
      }
      let bounds = line.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt32($0, radix: 16) }
      try #require(bounds.count == 2)
      for value in bounds[0]...bounds[1] { scalars.insert(value) }
    }
    return (scalars, version.0, version.1)
  }

  @Test func everyScalarTheReferenceReadsAsASCIIIsRefusedAndNoOther() throws {
    let (expected, major, minor) = try reference()
    try #require(expected.count > 1_000)
    var missed: [String] = []
    var extra: [String] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
        (age.major, age.minor) <= (major, minor)
      else { continue }
      let refused = Allowlist.readsAsASCII(scalar)
      let shown = "U+" + String(value, radix: 16, uppercase: true)
      if expected.contains(value), !refused { missed.append(shown) }
      if !expected.contains(value), refused { extra.append(shown) }
    }
    #expect(missed == [])
    #expect(extra == [])
  }

  /// The folded reading skips NFKC_Casefold for text without a scalar it changes, but for the
  /// few it keeps that uppercase to ASCII: sound only if those are all.
  @Test func everyScalarThatReadsAsASCIIIsOneNFKCCasefoldChangesOrACaseOnlyLookalike() {
    var others: [String] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenNFKCCaseFolded,
        !URLSafety.caseOnlyLookalikes.contains(scalar)
      else { continue }
      // Every way of reading it, computed here without the shortcut. A scalar no case mapping
      // changes reads as itself every way: NFKC_Casefold leaves it as it is, so NFKC does too.
      // Skipping those (most of the code space) takes this test from 7.7 s to a fraction.
      let properties = scalar.properties
      guard properties.changesWhenCaseMapped else { continue }
      let readings = [
        properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping,
        properties.lowercaseMapping.uppercased(), properties.uppercaseMapping.lowercased(),
        String(scalar).precomposedStringWithCompatibilityMapping,
      ]
      if readings.contains(where: { $0.unicodeScalars.contains(where: \.isASCII) }) {
        others.append("U+" + String(value, radix: 16, uppercase: true))
      }
    }
    #expect(others == [])
  }

  /// A character NFKC_Casefold removes is not refused (an emoji's zero-width joiner is one),
  /// but the folded reading drops it, so a deny rule still blocks the word it splits.
  @Test(arguments: ["%C2%AD", "%E2%80%8B", "%E2%81%A0", "%EF%BB%BF", "%E2%80%8D"])
  func aCharacterThatNFKCCasefoldRemovesCannotHideAWordFromADenyRule(_ ignorable: String) throws {
    let verdict = try pathVerdict(
      allow: ["example.com/*"], deny: ["example.com/admin"], "https://example.com/ad\(ignorable)min")
    #expect(verdict == .blocked(rule: "example.com/admin"))
    #expect(try pathVerdict(allow: ["example.com/*"], "https://example.com/%E2%9D%A4%EF%B8%8F\(ignorable)").isAllowed)
  }
}
