import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRouting

/// The packed ranks a route table sorts by, against the rule as written once
/// (``URLPattern/specificity``, compared as arrays), on random pairs of patterns.
@Suite struct RouteRankDifferentialTests {
  private func randomPath(_ random: inout SeededGenerator, length: Int) -> [String] {
    (0..<length).map { _ in ["a", "b", ":id", ":x"].randomElement(using: &random)! }
  }

  private func text(host: String, path: [String]?, rest: Bool) -> String {
    guard let path else { return host }
    return host + "/" + (path + (rest ? ["*"] : [])).joined(separator: "/")
  }

  /// Two patterns, often sharing a long prefix (past the 32 digits the rank packs), so that
  /// they tie far along.
  private func randomPair(_ random: inout SeededGenerator) throws -> (URLPattern, URLPattern) {
    // Long hosts too: a wildcard host of 200 bytes still ranks below an exact one of 11.
    let long = (0..<3).map { _ in String(repeating: "l", count: 60) }.joined(separator: ".") + ".example.com"
    let hosts = [
      "example.com", "*.example.com", "docs.example.com", "*.docs.example.com", "a.example.com", long, "*." + long,
    ]
    let length = [0, 1, 2, 5, 30, 31, 32, 33, 40].randomElement(using: &random)!
    let shared = randomPath(&random, length: length)
    func variant(_ random: inout SeededGenerator) throws -> URLPattern {
      var path: [String]? = shared
      switch Int.random(in: 0..<6, using: &random) {
      case 0: path = nil
      case 1: path!.append(contentsOf: randomPath(&random, length: Int.random(in: 1...3, using: &random)))
      case 2: if !path!.isEmpty { path!.removeLast() }
      case 3: if !path!.isEmpty { path![Int.random(in: 0..<path!.count, using: &random)] = ":changed" }
      default: break
      }
      let host = Int.random(in: 0..<4, using: &random) == 0 ? hosts.randomElement(using: &random)! : hosts[0]
      return try URLPattern(text(host: host, path: path, rest: Bool.random(using: &random)))
    }
    return (try variant(&random), try variant(&random))
  }

  @Test func ranksOrderPatternsAsTheirSpecificityDoes() async throws {
    var random = SeededGenerator(seed: 0x5A4C)
    var mismatches: [String] = []
    var ties = 0
    let rounds = Stress.count(20_000)
    for round in 0..<rounds {
      if round % 1_000 == 0 { await Task.yield() }
      let (a, b) = try randomPair(&random)
      let expected = a.specificity.lexicographicallyPrecedes(b.specificity)
      if RouteRank(a).isLessSpecific(than: RouteRank(b)) != expected { mismatches.append("\(a) < \(b)") }
      if a.specificity == b.specificity { ties += 1 }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(3))")
    #expect(ties > rounds / 20, "\(ties) ties")
  }

  @Test func patternsThatDifferOnlyPastThe32ndSegmentAreRankedByTheRest() throws {
    let prefix = (0..<33).map { _ in "a" }.joined(separator: "/")
    let literal = try URLPattern("example.com/\(prefix)/b/c")
    let placeholder = try URLPattern("example.com/\(prefix)/:x/c")
    let rest = try URLPattern("example.com/\(prefix)/*")
    #expect(RouteRank(placeholder).isLessSpecific(than: RouteRank(literal)))
    #expect(RouteRank(rest).isLessSpecific(than: RouteRank(placeholder)))
    #expect(!RouteRank(literal).isLessSpecific(than: RouteRank(placeholder)))
    #expect(!RouteRank(literal).isLessSpecific(than: RouteRank(literal)))
    let table = try URLRouteTable<String>([("example.com/\(prefix)/*", "rest"), ("example.com/\(prefix)/:x/c", "x")])
    #expect(table.route(try #require(URL(string: "https://example.com/\(prefix)/b/c")))?.action == "x")
  }
}
