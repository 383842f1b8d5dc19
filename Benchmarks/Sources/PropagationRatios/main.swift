import Foundation
import PropagationWorkloads
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting

// Per-hop cost of the walk (`URLHandler`s, which answer at once) against the floor, both measured in this run.
// Each figure is the best of several rounds, to keep scheduler noise out of the ratio.

@MainActor
func nanosecondsPerCall(rounds: Int = 7, calls: Int, _ body: () async -> Void) async -> Double {
  var best = Double.infinity
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<calls { await body() }
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    best = min(best, (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(calls))
  }
  return best
}

/// A duration in nanoseconds, right-aligned.
func format(_ value: Double) -> String { String(format: "%8.1f ns", value) }

/// Prints a whole propagation through `chain` against a hand-written walk of it (target ≤ 4×).
@MainActor
func compareWithHandWrittenWalk(_ chain: any ResponderChainNode, named name: String, calls: Int) async {
  var sink = 0
  let handWritten = await nanosecondsPerCall(calls: 50_000) { sink &+= handWrittenWalk(from: chain, url: benchmarkURL) }
  let propagated = await nanosecondsPerCall(calls: calls) {
    sink &+= await chain.propagateURL(benchmarkURL).trace.count
  }
  print("\(name):")
  print("  hand-written walk:                             \(format(handWritten))")
  print("  propagateURL, whole propagation:               \(format(propagated))")
  print(
    String(format: "ratio, propagation / hand-written walk:         %8.2f×  (target ≤ 4×)", propagated / handWritten))
  if sink == 42 { print("") }
}

@MainActor
func report() async {
  let one = makeRejectingChain(length: 1)
  let hundred = makeRejectingChain(length: 100)
  var sink = 0
  let floor100 = await nanosecondsPerCall(calls: 20_000) { sink &+= floorWalk(from: hundred, url: benchmarkURL) }
  let async1 = await nanosecondsPerCall(calls: 200_000) { sink &+= await one.propagateURL(benchmarkURL).trace.count }
  let async100 = await nanosecondsPerCall(calls: 20_000) {
    sink &+= await hundred.propagateURL(benchmarkURL).trace.count
  }
  let floorPerHop = floor100 / 100
  let asyncPerHop = (async100 - async1) / 99
  print("floor, per hop (walkAndCast(100) / 100):        \(format(floorPerHop))")
  print("walk, marginal per hop ((100 − 1) / 99):        \(format(asyncPerHop))")
  print("walk, fixed cost of a 1-hop propagation:        \(format(async1))")
  print(
    String(format: "ratio, marginal per hop / floor per hop:        %8.2f×  (target ≤ 2.5×)", asyncPerHop / floorPerHop)
  )
  // The same chains of `AsyncURLHandler`s: each is awaited (without suspending).
  let awaitedOne = makeRejectingChain(length: 1, awaited: true)
  let awaitedHundred = makeRejectingChain(length: 100, awaited: true)
  let awaited1 = await nanosecondsPerCall(calls: 100_000) {
    sink &+= await awaitedOne.propagateURL(benchmarkURL).trace.count
  }
  let awaited100 = await nanosecondsPerCall(calls: 10_000) {
    sink &+= await awaitedHundred.propagateURL(benchmarkURL).trace.count
  }
  let awaitedPerHop = (awaited100 - awaited1) / 99
  print("AsyncURLHandlers that do not suspend (each awaited):")
  print("  marginal per hop:                              \(format(awaitedPerHop))")
  print("  fixed cost of a 1-hop propagation:             \(format(awaited1))")
  print(String(format: "  ratio, marginal per hop / floor per hop:      %8.2f×", awaitedPerHop / floorPerHop))
  await compareWithHandWrittenWalk(
    makeRealisticChain(), named: "realistic chain (30 nodes, 5 handlers, the 4th handles)", calls: 50_000)
  await compareWithHandWrittenWalk(
    makeSwiftUIShapedChain(),
    named: "SwiftUI-shaped chain (6 awaited modifiers, 20 UIKit nodes, the application handles)", calls: 20_000)
  if sink == 42 { print("") }
}

/// Propagates through `chain` PROFILE_ROUNDS times (100,000 unless set), for a profiler or an
/// instruction count.
@MainActor
func profilePropagations(through chain: any ResponderChainNode) async {
  let rounds = Int(ProcessInfo.processInfo.environment["PROFILE_ROUNDS"] ?? "") ?? 100_000
  var sink = 0
  for _ in 0..<rounds { sink &+= await chain.propagateURL(benchmarkURL).trace.count }
  print(sink)
}

if CommandLine.arguments.contains("--profile-async-100") {
  // Only the walk (100 hops, or PROFILE_LENGTH), for a profiler or an instruction count;
  // PROFILE_AWAITED=1 uses AsyncURLHandlers.
  let environment = ProcessInfo.processInfo.environment
  let length = Int(environment["PROFILE_LENGTH"] ?? "") ?? 100
  await profilePropagations(
    through: makeRejectingChain(length: length, awaited: environment["PROFILE_AWAITED"] == "1"))
} else if CommandLine.arguments.contains("--profile-realistic") {
  // Only the realistic chain's propagation, for an instruction count.
  await profilePropagations(through: makeRealisticChain())
} else if CommandLine.arguments.contains("--profile-swiftui") {
  // Only the SwiftUI-shaped chain's propagation, for an instruction count.
  await profilePropagations(through: makeSwiftUIShapedChain())
} else if CommandLine.arguments.contains("--profile-chain-end") {
  // Only propagations to the chain's end, for an instruction count (see profileChainEnd()).
  await profileChainEnd()
} else if CommandLine.arguments.contains("--profile-compile") {
  // Only compiling an allowlist of 100,000 rules, ten times, for a profiler.
  let rules = (0..<100_000).map { $0 % 2 == 0 ? "host\($0).example.com" : "*.zone\($0).example.net" }
  var sink = 0
  for _ in 0..<10 { sink &+= (try! Allowlist(allow: rules)).count }
  print(sink)
} else if CommandLine.arguments.contains("--profile-safety") {
  // Only EligibleURL(URL), for a profiler.
  let urls = (0..<64).map { URL(string: "https://docs\($0).example.com/guides/\($0)/intro?lang=en#top")! }
  var sink = 0
  for index in 0..<1_000_000 { if (try? EligibleURL(urls[index & 63])) != nil { sink &+= 1 } }
  print(sink)
} else if CommandLine.arguments.contains("--profile-exact-hit") {
  // Only exact-host hits in a 100,000-rule allowlist, for a profiler.
  let rules = (0..<100_000).map { $0 % 2 == 0 ? "host\($0).example.com" : "*.zone\($0).example.net" }
  let allowlist = try! Allowlist(allow: rules)
  let url = eligible("https://host50000.example.com/a")
  var sink = 0
  for _ in 0..<20_000_000 where allowlist.verdict(for: url).isAllowed { sink &+= 1 }
  print(sink)
} else if CommandLine.arguments.contains("--profile-path-rules") {
  // Only verdicts of a list with path rules, for a profiler: PROFILE_PATH picks the path.
  let allowlist = try! Allowlist(allow: ["docs.example.com/guides/*"], deny: ["docs.example.com/guides/internal/*"])
  let path = ProcessInfo.processInfo.environment["PROFILE_PATH"] ?? "/guides/Getting-Started"
  let url = eligible("https://docs.example.com" + path)
  var sink = 0
  for _ in 0..<200_000 where allowlist.verdict(for: url).isAllowed { sink &+= 1 }
  print(sink)
} else if CommandLine.arguments.contains("--profile-route-build") {
  // Only building tables of 10,000 routes, for a profiler.
  let rows = routeRows(10_000)
  var sink = 0
  for _ in 0..<20 { sink &+= (try! URLRouteTable(rows)).count }
  print(sink)
} else if CommandLine.arguments.contains("--matching") {
  reportMatching()
} else if CommandLine.arguments.contains("--long-links") {
  reportLongLinks()
} else if CommandLine.arguments.contains("--chain-end") {
  await reportChainEnd()
} else if CommandLine.arguments.contains("--propagation") {
  await report()
  await reportChainEnd()
} else {
  print("— Propagation")
  await report()
  await reportChainEnd()
  reportMatching()
  reportLongLinks()
}
