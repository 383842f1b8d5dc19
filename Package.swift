// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "URLResponderChain",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
  products: [
    .library(name: "URLResponderChainCore", targets: ["URLResponderChainCore"]),
    .library(name: "URLResponderChain", targets: ["URLResponderChain"]),
    .library(name: "URLResponderChainTesting", targets: ["URLResponderChainTesting"]),
    .executable(name: "demo-document", targets: ["DemoDocumentCLI"]),
    // For the demo's iOS app package only; the SDK's libraries never depend on it.
    .library(name: "DemoDocumentKit", targets: ["DemoDocumentKit"]),
    .executable(name: "url-allowlist", targets: ["URLAllowlistTool"]),
  ],
  targets: [
    // Each library ships the privacy manifest of its own binary (Resources/PrivacyInfo.xcprivacy).
    .target(name: "URLResponderChainCore", resources: [.copy("Resources/PrivacyInfo.xcprivacy")]),
    .target(
      name: "URLResponderChain",
      dependencies: ["URLResponderChainCore"],
      resources: [.copy("Resources/PrivacyInfo.xcprivacy")]
    ),
    .target(name: "URLResponderChainTesting", dependencies: ["URLResponderChainCore"]),
    // The demo: interactive documents whose links route through the chain.
    .target(
      name: "DemoDocumentKit",
      dependencies: ["URLResponderChainCore"],
      path: "DemoDocumentApp/Sources/DemoDocumentKit"
    ),
    .executableTarget(
      name: "DemoDocumentCLI",
      dependencies: ["DemoDocumentKit", "URLResponderChainCore", "URLResponderChainTesting", "LoopbackHTTPServer"],
      path: "DemoDocumentApp/Sources/DemoDocumentCLI"
    ),
    .testTarget(
      name: "DemoDocumentKitTests",
      dependencies: ["DemoDocumentKit", "DemoDocumentCLI", "URLResponderChainTesting", "LoopbackHTTPServer"],
      path: "DemoDocumentApp/Tests/DemoDocumentKitTests"
    ),
    .executableTarget(name: "URLAllowlistTool", dependencies: ["URLResponderChainCore"]),
    // Tests' and the demo's loopback HTTP server; no library product depends on it.
    .target(name: "LoopbackHTTPServer"),
    .testTarget(
      name: "URLAllowlistToolTests",
      dependencies: ["URLAllowlistTool", "LoopbackHTTPServer"]
    ),
    .testTarget(
      name: "URLResponderChainCoreTests",
      // URLResponderChain only so that its resource bundle (the privacy manifest) is built and checked.
      dependencies: ["URLResponderChainCore", "URLResponderChain", "URLResponderChainTesting", "LoopbackHTTPServer"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "URLResponderChainTestingTests",
      dependencies: ["URLResponderChainTesting"]
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
