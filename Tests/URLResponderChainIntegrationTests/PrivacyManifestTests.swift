import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// What Apple's privacy report reads from `PrivacyInfo.xcprivacy`, checked on the built bundle,
/// and a scan of the module's sources that fails when the code starts using a required-reason
/// API the manifest does not declare.
@Suite struct PrivacyManifestTests {
  /// Every library target; each ships the manifest of its own binary.
  static let libraries = [
    "URLResponderChainCore", "URLResponderChain", "URLResponderChainErrorHandling", "URLResponderChainLinkViews",
    "URLResponderChainAllowlist", "URLResponderChainRouting",
    "URLResponderChainRemoteAllowlist", "URLResponderChainRecovery", "URLResponderChainInboundLinks",
    "URLResponderChainWebContent", "URLResponderChainObservability",
  ]

  @Test(arguments: libraries)
  func theManifestShipsInTheBuiltBundleAndDeclaresNoTrackingNoDataNoReasons(library: String) throws {
    let manifest = try PrivacyManifestContents(url: #require(BuiltResourceBundle.privacyManifest(of: library)))
    #expect(manifest.tracking == false)
    #expect(manifest.trackingDomains.isEmpty)
    #expect(manifest.collectedDataTypes.isEmpty)
    #expect(manifest.accessedAPICategories.isEmpty)
  }

  @Test(arguments: libraries)
  func everyRequiredReasonAPITheLibraryCallsIsDeclared(library: String) throws {
    let manifest = try PrivacyManifestContents(url: #require(BuiltResourceBundle.privacyManifest(of: library)))
    let used = try RequiredReasonAPIScan.categories(inSourcesOf: library)
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

/// Finds a library's resource bundle where SwiftPM puts it beside the test binary:
/// `Package_Target.resources` on Linux, `Package_Target.bundle` on Apple platforms.
enum BuiltResourceBundle {
  static func privacyManifest(of target: String) -> URL? {
    let names = ["URLResponderChain_\(target).resources", "URLResponderChain_\(target).bundle"]
    let places = ([Bundle.main] + Bundle.allBundles).flatMap {
      [$0.bundleURL, $0.bundleURL.deletingLastPathComponent()]
    }
    for place in places {
      for name in names {
        for inner in ["", "Contents/Resources/"] {
          let file = place.appendingPathComponent(name).appendingPathComponent(inner + "PrivacyInfo.xcprivacy")
          if FileManager.default.fileExists(atPath: file.path) { return file }
        }
      }
    }
    return nil
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
    // This file is Tests/URLResponderChainIntegrationTests/PrivacyManifestTests.swift.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/\(module)")
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: Set<String> = []
    var scanned = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      found.formUnion(categories(in: try String(contentsOf: file, encoding: .utf8)))
      scanned += 1
    }
    #expect(scanned > 0, "the scan found the module's sources")
    return found
  }
}
