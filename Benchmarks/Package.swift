// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library never depends on the harness.
let package = Package(
  name: "URLResponderChainBenchmarks",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "URLResponderChain", path: ".."),
    .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "PropagationWorkloads",
      dependencies: [
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainTesting", package: "URLResponderChain"),
      ]
    ),
    // The walk's options on systems without `Task.immediate` (iOS 16–25). Their switch is
    // internal to the SDK, so this one target is compiled without access control: the SDK is
    // built as it ships.
    .target(
      name: "TaskPathOptions",
      dependencies: [.product(name: "URLResponderChain", package: "URLResponderChain")],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-access-control"])]
    ),
    // `swift package benchmark`: wall clock and mallocs per propagation.
    .executableTarget(
      name: "Propagation",
      dependencies: [
        "PropagationWorkloads",
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "URLResponderChain", package: "URLResponderChain"),
      ],
      path: "Benchmarks/Propagation",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
    // The allocator's count of live bytes, for memory reports (glibc's mallinfo2).
    .target(name: "MallocStats"),
    // `swift run -c release propagation-ratios`: propagation and matching against their
    // floors, same run.
    .executableTarget(
      name: "propagation-ratios",
      dependencies: [
        "PropagationWorkloads",
        "TaskPathOptions",
        "MallocStats",
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRouting", package: "URLResponderChain"),
      ],
      path: "Sources/PropagationRatios"
    ),
    // Runs every task of a simulation on one thread (Swift's global executor, hooked), so that
    // it knows when all of them wait and may move its clock.
    .target(name: "OneThreadExecutor"),
    // `swift run -c release fleet-simulation`: many remote allowlists, as apps hold them, against
    // one list server on a virtual clock (freshness, outages, a new deny rule, a push).
    .executableTarget(
      name: "fleet-simulation",
      dependencies: [
        "OneThreadExecutor",
        .product(name: "URLResponderChain", package: "URLResponderChain"),
        .product(name: "URLResponderChainAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainRemoteAllowlist", package: "URLResponderChain"),
        .product(name: "URLResponderChainTesting", package: "URLResponderChain"),
      ],
      path: "Sources/FleetSimulation"
    ),
    // `swift run -c release allowlist-tool-throughput`: url-allowlist check on 1,000,000 URLs,
    // rate and peak memory, against `cat` of the same input.
    .executableTarget(name: "allowlist-tool-throughput", path: "Sources/AllowlistToolThroughput"),
  ],
  swiftLanguageModes: [.v6]
)
