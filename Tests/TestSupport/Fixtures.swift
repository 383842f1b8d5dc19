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

  /// Unicode's IdnaTestV2 cases whose domain to ASCII succeeds with a host a rule could name,
  /// as `[input, output]` pairs (`Scripts/make-idna-fixture.py`).
  package static func idnaHostCases() throws -> [(input: String, output: String)] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures/idna-hosts.json")
    let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any] ?? []
    return entries.compactMap { entry in
      guard let pair = entry as? [String], pair.count == 2 else { return nil }
      return (pair[0], pair[1])
    }
  }

  /// Every scalar beyond ASCII that NFKC, NFKC_Casefold or a case mapping turns into
  /// something holding ASCII, as ranges, from Python's `unicodedata`
  /// (`Scripts/make-nfkc-fixture.py`).
  package static var asciiLookalikes: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ascii-lookalikes.txt")
  }
}
