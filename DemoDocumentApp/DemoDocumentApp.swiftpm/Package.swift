// swift-tools-version: 5.9
// An iOS app package (open it in Xcode or Swift Playgrounds): the demo documents in UIKit,
// routed through the real SafariURLPresenter and UIApplication fallback.
import AppleProductTypes
import PackageDescription

let package = Package(
  name: "DemoDocumentApp",
  platforms: [.iOS("16.0")],
  products: [
    .iOSApplication(
      name: "DemoDocumentApp",
      targets: ["DemoDocumentApp"],
      bundleIdentifier: "com.example.urlresponderchain.demo",
      displayVersion: "1.0",
      bundleVersion: "1",
      appIcon: .placeholder(icon: .book),
      accentColor: .presetColor(.blue),
      supportedDeviceFamilies: [.pad, .phone],
      supportedInterfaceOrientations: [
        .portrait, .landscapeRight, .landscapeLeft, .portraitUpsideDown(.when(deviceFamilies: [.pad])),
      ]
    )
  ],
  dependencies: [
    .package(name: "URLResponderChain", path: "../.."),
    .package(name: "DemoDocument", path: ".."),
  ],
  targets: [
    .executableTarget(
      name: "DemoDocumentApp",
      dependencies: [
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainErrorHandling", package: "URLResponderChain"),
        .product(name: "URLResponderChainLinkViews", package: "URLResponderChain"),
        .product(name: "URLResponderChainAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRecovery", package: "URLResponderChain"),
        .product(name: "URLResponderChainRemoteAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainWebContent", package: "URLResponderChain"),
        .product(name: "DemoDocumentKit", package: "DemoDocument"),
      ],
      path: "Sources",
      resources: [.copy("Documents")]
    )
  ]
)
