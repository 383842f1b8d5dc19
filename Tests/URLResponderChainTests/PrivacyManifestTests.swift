import Foundation
import Testing
import URLResponderChain

/// The adapters' own privacy manifest ships in their bundle and declares nothing collected.
@Suite struct PrivacyManifestTests {
  @Test func theAdaptersManifestShipsAndDeclaresNoTrackingNoDataNoReasons() throws {
    let url = try #require(AdapterPrivacyManifest.url)
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
    #expect(plist["NSPrivacyTracking"] as? Bool == false)
    #expect((plist["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
    #expect((plist["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    #expect((plist["NSPrivacyAccessedAPITypes"] as? [Any])?.isEmpty == true)
  }
}
