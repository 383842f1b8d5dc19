package import Foundation

/// The test fixtures every test target shares (`Tests/TestSupport/Fixtures`).
package enum Fixtures {
  /// The web-platform-tests URL corpus (`urltestdata.json`), which Safari follows.
  package static var wptURLTestData: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/wpt-urltestdata.json")
  }

  /// The cases of ``wptURLTestData``: its objects, without the comment strings between them.
  package static func wptCases() throws -> [[String: Any]] {
    let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: wptURLTestData)) as? [Any] ?? []
    return entries.compactMap { $0 as? [String: Any] }
  }

  /// Every scalar beyond ASCII that NFKC, NFKC_Casefold or a case mapping turns into
  /// something holding ASCII, as ranges, from Python's `unicodedata`
  /// (`Scripts/make-nfkc-fixture.py`).
  package static var asciiLookalikes: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ascii-lookalikes.txt")
  }
}
