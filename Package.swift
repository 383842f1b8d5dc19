// swift-tools-version: 6.0
import PackageDescription

/// A library target that ships the privacy manifest of its own binary
/// (`Resources/PrivacyInfo.xcprivacy`).
func library(_ name: String, dependsOn dependencies: [Target.Dependency] = []) -> Target {
  .target(name: name, dependencies: dependencies, resources: [.copy("Resources/PrivacyInfo.xcprivacy")])
}

/// The tests of the product whose main module is `module`: `Tests/<module>Tests`, depending on
/// that module, on the modules its tests import from the product's own dependencies and the
/// test kit, and on the shared test support.
func productTests(_ module: String, _ dependencies: [Target.Dependency]) -> Target {
  .testTarget(name: "\(module)Tests", dependencies: [.target(name: module)] + dependencies + ["TestSupport"])
}

let package = Package(
  name: "URLResponderChain",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
  products: [
    // Links up the responder chain, URL safety, and the in-app (Safari) presenter.
    .library(name: "URLResponderChain", targets: ["URLResponderChain"]),
    // Each product below builds on URLResponderChain; an app links only what it imports.
    .library(name: "URLResponderChainErrorHandling", targets: ["URLResponderChainErrorHandling"]),
    .library(name: "URLResponderChainLinkViews", targets: ["URLResponderChainLinkViews"]),
    .library(name: "URLResponderChainAllowlist", targets: ["URLResponderChainAllowlist"]),
    .library(name: "URLResponderChainRouting", targets: ["URLResponderChainRouting"]),
    .library(name: "URLResponderChainRemoteAllowlist", targets: ["URLResponderChainRemoteAllowlist"]),
    .library(name: "URLResponderChainRecovery", targets: ["URLResponderChainRecovery"]),
    .library(name: "URLResponderChainInboundLinks", targets: ["URLResponderChainInboundLinks"]),
    .library(name: "URLResponderChainWebContent", targets: ["URLResponderChainWebContent"]),
    .library(name: "URLResponderChainObservability", targets: ["URLResponderChainObservability"]),
    .library(name: "URLResponderChainTesting", targets: ["URLResponderChainTesting"]),
    .executable(name: "url-allowlist", targets: ["URLAllowlistTool"]),
  ],
  targets: [
    library("URLResponderChainCore"),
    library("URLResponderChain", dependsOn: ["URLResponderChainCore"]),
    library("URLResponderChainErrorHandling", dependsOn: ["URLResponderChain"]),
    library("URLResponderChainLinkViews", dependsOn: ["URLResponderChain"]),
    library("URLResponderChainAllowlist", dependsOn: ["URLResponderChainCore"]),
    library("URLResponderChainRouting", dependsOn: ["URLResponderChainAllowlist"]),
    library("URLResponderChainRecovery", dependsOn: ["URLResponderChain", "URLResponderChainErrorHandling"]),
    library(
      "URLResponderChainRemoteAllowlist", dependsOn: ["URLResponderChainAllowlist", "URLResponderChainRecovery"]),
    library("URLResponderChainInboundLinks", dependsOn: ["URLResponderChain", "URLResponderChainAllowlist"]),
    library("URLResponderChainWebContent", dependsOn: ["URLResponderChain", "URLResponderChainLinkViews"]),
    library("URLResponderChainObservability", dependsOn: ["URLResponderChainCore"]),
    .target(
      name: "URLResponderChainTesting",
      dependencies: [
        "URLResponderChainCore", "URLResponderChainRecovery", "URLResponderChainInboundLinks",
        "URLResponderChainRemoteAllowlist", "URLResponderChainWebContent",
      ]
    ),
    .executableTarget(
      name: "URLAllowlistTool",
      dependencies: ["URLResponderChainCore", "URLResponderChainAllowlist", "URLResponderChainRemoteAllowlist"]
    ),
    // The tests' loopback HTTP server (the demo's package links to its sources); no product
    // depends on it.
    .target(name: "LoopbackHTTPServer"),
    .testTarget(
      name: "URLAllowlistToolTests",
      dependencies: ["URLAllowlistTool", "LoopbackHTTPServer"]
    ),
    // Tests: one target per product, each depending on its product's modules, the test kit and
    // the shared support below; the integration target holds what combines several products.
    .target(
      name: "TestSupport", dependencies: ["URLResponderChainCore"], path: "Tests/TestSupport", exclude: ["Fixtures"]),
    productTests("URLResponderChainCore", ["URLResponderChain", "URLResponderChainTesting"]),
    productTests("URLResponderChainErrorHandling", ["URLResponderChainCore", "URLResponderChainTesting"]),
    productTests("URLResponderChainLinkViews", ["URLResponderChainCore", "URLResponderChainTesting"]),
    // The folded reading of a pattern, for the differential tests of both Allowlist and Routing.
    .target(
      name: "AllowlistTestSupport", dependencies: ["URLResponderChainAllowlist", "TestSupport"],
      path: "Tests/AllowlistTestSupport"),
    productTests("URLResponderChainAllowlist", ["URLResponderChainCore", "AllowlistTestSupport"]),
    productTests(
      "URLResponderChainRouting",
      ["URLResponderChainCore", "URLResponderChainAllowlist", "URLResponderChainTesting", "AllowlistTestSupport"]),
    productTests(
      "URLResponderChainRecovery",
      ["URLResponderChainCore", "URLResponderChainErrorHandling", "URLResponderChainTesting"]
    ),
    productTests(
      "URLResponderChainRemoteAllowlist",
      [
        "URLResponderChainCore", "URLResponderChainAllowlist", "URLResponderChainErrorHandling",
        "URLResponderChainRecovery", "URLResponderChainTesting", "LoopbackHTTPServer",
      ]
    ),
    productTests(
      "URLResponderChainInboundLinks",
      ["URLResponderChainCore", "URLResponderChainAllowlist", "URLResponderChainTesting"]
    ),
    productTests("URLResponderChainWebContent", ["URLResponderChainCore", "URLResponderChainLinkViews"]),
    productTests("URLResponderChainObservability", ["URLResponderChainCore"]),
    productTests(
      "URLResponderChainTesting",
      ["URLResponderChainCore", "URLResponderChainAllowlist", "URLResponderChainRemoteAllowlist"]),
    // The Apple layer's scenarios (present, dismiss and release; delegates forwarding; the
    // SwiftUI modifiers in either order), compiled for iOS by apple-typecheck, and the test
    // target the iOS simulator runs them in (`xcodebuild test`); both are empty elsewhere.
    .target(
      name: "AppleLayerScenarios",
      dependencies: [
        "URLResponderChain", "URLResponderChainErrorHandling", "URLResponderChainLinkViews",
        "URLResponderChainWebContent",
      ],
      path: "Tests/AppleLayerScenarios"
    ),
    .testTarget(name: "URLResponderChainAppleTests", dependencies: ["AppleLayerScenarios"]),
    .testTarget(
      name: "URLResponderChainIntegrationTests",
      // Every library (URLResponderChain included, so that its resource bundle, the privacy
      // manifest, is built and checked), for the tests that combine products.
      dependencies: [
        "URLResponderChainCore", "URLResponderChain", "URLResponderChainErrorHandling", "URLResponderChainLinkViews",
        "URLResponderChainAllowlist", "URLResponderChainRouting", "URLResponderChainRemoteAllowlist",
        "URLResponderChainRecovery", "URLResponderChainInboundLinks", "URLResponderChainWebContent",
        "URLResponderChainObservability", "URLResponderChainTesting", "TestSupport", "LoopbackHTTPServer",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  var settings = target.swiftSettings ?? []
  for feature in ["ExistentialAny", "InternalImportsByDefault", "MemberImportVisibility"] {
    settings.append(.enableUpcomingFeature(feature))
  }
  target.swiftSettings = settings
}
