// swift-tools-version: 6.0
// The demo's own package: the headless demo (`swift run demo-document`), the kit its iOS app
// shares (`DemoDocumentApp.swiftpm`), and their tests. It depends on the SDK by path, as an
// app would by URL, and uses only the SDK's public API; the SDK's package never depends on it.
import PackageDescription

let package = Package(
  name: "DemoDocument",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .executable(name: "demo-document", targets: ["DemoDocumentCLI"]),
    // The iOS app's documents and policy.
    .library(name: "DemoDocumentKit", targets: ["DemoDocumentKit"]),
  ],
  dependencies: [
    .package(name: "URLResponderChain", path: "..")
  ],
  targets: [
    .target(
      name: "DemoDocumentKit",
      dependencies: [
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRemoteAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRecovery", package: "URLResponderChain"),
      ]
    ),
    .executableTarget(
      name: "DemoDocumentCLI",
      dependencies: [
        "DemoDocumentKit", "DemoHTTPServer",
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainErrorHandling", package: "URLResponderChain"),
        .product(name: "URLResponderChainAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRemoteAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRecovery", package: "URLResponderChain"),
        .product(name: "URLResponderChainInboundLinks", package: "URLResponderChain"),
        .product(name: "URLResponderChainRouting", package: "URLResponderChain"),
        .product(name: "URLResponderChainTesting", package: "URLResponderChain"),
      ]
    ),
    // The loopback HTTP server of the SDK's tests (a link to its sources): it serves the demo's list.
    .target(name: "DemoHTTPServer"),
    .testTarget(
      name: "DemoDocumentKitTests",
      dependencies: [
        "DemoDocumentKit", "DemoDocumentCLI",
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainRecovery", package: "URLResponderChain"),
        .product(name: "URLResponderChainRemoteAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainTesting", package: "URLResponderChain"),
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
