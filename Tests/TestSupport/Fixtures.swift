package import Foundation

/// The test fixtures every test target shares (`Tests/TestSupport/Fixtures`).
package enum Fixtures {
  /// The web-platform-tests URL corpus (`urltestdata.json`), which Safari follows.
  package static var wptURLTestData: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/wpt-urltestdata.json")
  }
}
