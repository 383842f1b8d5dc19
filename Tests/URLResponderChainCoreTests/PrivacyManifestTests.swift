import Foundation
import Testing
import URLResponderChainCore

/// What Apple's privacy report reads from `PrivacyInfo.xcprivacy`, checked on the built bundle,
/// and a scan of the module's sources that fails when the code starts using a required-reason
/// API the manifest does not declare.
@Suite struct PrivacyManifestTests {
  @Test func theManifestShipsInTheBuiltBundleAndDeclaresNoTrackingNoDataNoReasons() throws {
    let manifest = try PrivacyManifestContents(url: #require(CorePrivacyManifest.url))
    #expect(manifest.tracking == false)
    #expect(manifest.trackingDomains.isEmpty)
    #expect(manifest.collectedDataTypes.isEmpty)
    #expect(manifest.accessedAPICategories.isEmpty)
  }

  @Test func everyRequiredReasonAPITheCoreCallsIsDeclared() throws {
    let manifest = try PrivacyManifestContents(url: #require(CorePrivacyManifest.url))
    let used = try RequiredReasonAPIScan.categories(inSourcesOf: "URLResponderChainCore")
    #expect(used.subtracting(manifest.accessedAPICategories).isEmpty, "used but not declared: \(used)")
  }

  @Test func theScanRecognisesRequiredReasonAPIs() {
    let source = "let t = ProcessInfo.processInfo.systemUptime; UserDefaults.standard.set(1, forKey: \"k\")"
    #expect(
      RequiredReasonAPIScan.categories(in: source) == [
        "NSPrivacyAccessedAPICategorySystemBootTime", "NSPrivacyAccessedAPICategoryUserDefaults",
      ])
    #expect(RequiredReasonAPIScan.categories(in: "clock_gettime_nsec_np(CLOCK_UPTIME_RAW)").isEmpty)
  }
}

/// The keys of a privacy manifest, parsed as the property list it must be.
struct PrivacyManifestContents {
  let tracking: Bool?
  let trackingDomains: [String]
  let collectedDataTypes: [Any]
  let accessedAPICategories: Set<String>

  init(url: URL) throws {
    let data = try Data(contentsOf: url)
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    tracking = plist["NSPrivacyTracking"] as? Bool
    trackingDomains = try #require(plist["NSPrivacyTrackingDomains"] as? [String])
    collectedDataTypes = try #require(plist["NSPrivacyCollectedDataTypes"] as? [Any])
    let accessed = try #require(plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    accessedAPICategories = Set(accessed.compactMap { $0["NSPrivacyAccessedAPIType"] as? String })
  }
}

/// Finds calls of Apple's required-reason APIs in source text.
enum RequiredReasonAPIScan {
  /// Symbols from Apple's "Describing use of required reason API", by category.
  static let symbols: [String: [String]] = [
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
      "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
      "creationDateKey", "getattrlist", "fstat(", "lstat(", "fstatat(", "attributesOfItem",
    ],
    "NSPrivacyAccessedAPICategorySystemBootTime": ["systemUptime", "mach_absolute_time"],
    "NSPrivacyAccessedAPICategoryDiskSpace": [
      "volumeAvailableCapacity", "volumeTotalCapacity", "systemFreeSize", "systemSize", "statfs",
      "statvfs", "attributesOfFileSystem",
    ],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
    "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults", "NSUserDefaults"],
  ]

  static func categories(in source: String) -> Set<String> {
    Set(symbols.filter { _, names in names.contains { source.contains($0) } }.keys)
  }

  static func categories(inSourcesOf module: String) throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: Set<String> = []
    var scanned = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      found.formUnion(categories(in: try String(contentsOf: file, encoding: .utf8)))
      scanned += 1
    }
    #expect(scanned > 10, "the scan found the module's sources")
    return found
  }
}
