// swift-tools-version: 6.0
// The demo's own package: the headless demo (`swift run demo-document`), the kit its iOS app
// shares (`DemoDocumentApp.swiftpm`), and their tests. It depends on the SDK by path, as an
// app would by URL, and uses only the SDK's public API; the SDK's package never depends on it.
import PackageDescription

/// The SDK's products `names`, as a target of this package depends on them.
func sdk(_ names: String...) -> [Target.Dependency] {
  names.map { .product(name: $0, package: "URLResponderChain") }
}

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
      dependencies: sdk(
        "URLResponderChain", "URLResponderChainAllowlist", "URLResponderChainRemoteAllowlist",
        "URLResponderChainRecovery")
    ),
    .executableTarget(
      name: "DemoDocumentCLI",
      dependencies: ["DemoDocumentKit", "DemoHTTPServer"]
        + sdk(
          "URLResponderChain", "URLResponderChainErrorHandling", "URLResponderChainAllowlist",
          "URLResponderChainRemoteAllowlist", "URLResponderChainRecovery", "URLResponderChainInboundLinks",
          "URLResponderChainRouting", "URLResponderChainTesting")
    ),
    // The loopback HTTP server of the SDK's tests (a link to its sources): it serves the demo's list.
    .target(name: "DemoHTTPServer"),
    .testTarget(
      name: "DemoDocumentKitTests",
      dependencies: ["DemoDocumentKit", "DemoDocumentCLI"]
        + sdk(
          "URLResponderChain", "URLResponderChainRecovery", "URLResponderChainRemoteAllowlist",
          "URLResponderChainTesting")
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
