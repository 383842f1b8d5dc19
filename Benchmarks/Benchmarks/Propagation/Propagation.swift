import Benchmark
import PropagationWorkloads
import URLResponderChainCore

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .instructions],
    scalingFactor: .kilo,
    maxDuration: .seconds(2)
  )

  Benchmark("Propagation.floor.walkAndCast(100)") { benchmark in
    await Runs.floor(length: 100, iterations: benchmark.scaledIterations.count)
  }
  Benchmark("Propagation.async.syncRejecting(1)") { benchmark in
    await Runs.async(length: 1, iterations: benchmark.scaledIterations.count)
  }
  Benchmark("Propagation.async.syncRejecting(100)") { benchmark in
    await Runs.async(length: 100, iterations: benchmark.scaledIterations.count)
  }
  Benchmark("Propagation.completion.syncRejecting(100)") { benchmark in
    await Runs.completion(length: 100, iterations: benchmark.scaledIterations.count)
  }
  Benchmark("Propagation.async.deferring(10)") { benchmark in
    await Runs.deferring(length: 10, iterations: benchmark.scaledIterations.count)
  }
}

/// Each run hops to the main actor once and then repeats the propagation, so the hop is
/// spread over a thousand iterations.
@MainActor
enum Runs {
  static var chains: [String: any ResponderChainNode] = [:]

  static func chain(_ key: String, _ make: () -> any ResponderChainNode) -> any ResponderChainNode {
    if let chain = chains[key] { return chain }
    let chain = make()
    chains[key] = chain
    return chain
  }

  static func floor(length: Int, iterations: Int) {
    let start = chain("rejecting\(length)") { makeRejectingChain(length: length) }
    for _ in 0..<iterations { blackHole(floorWalk(from: start, url: benchmarkURL)) }
  }

  static func async(length: Int, iterations: Int) async {
    let start = chain("rejecting\(length)") { makeRejectingChain(length: length) }
    for _ in 0..<iterations { blackHole(await start.propagateURL(benchmarkURL)) }
  }

  static func completion(length: Int, iterations: Int) {
    let start = chain("rejecting\(length)") { makeRejectingChain(length: length) }
    for _ in 0..<iterations { start.propagateURL(benchmarkURL) { blackHole($0) } }
  }

  static func deferring(length: Int, iterations: Int) async {
    let start = chain("deferring\(length)") { makeDeferringChain(length: length) }
    for _ in 0..<iterations { blackHole(await start.propagateURL(benchmarkURL)) }
  }
}
