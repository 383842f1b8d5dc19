import AllowlistTestSupport
import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRouting

/// The indexed route table against the row-by-row scan it replaced, on random tables and
/// random (often hostile) URLs drawn from the same small vocabulary, so that most URLs
/// match several rows and the order of precedence decides.
@Suite struct RouteIndexDifferentialTests {
  static let hosts = ["example.com", "docs.example.com", "a.docs.example.com", "example.org", "youtu.be"]
  /// URLs also use hosts no pattern may name, which the safety check refuses.
  static let urlHosts = hosts + ["xn--e1a.com", "127.0.0.1", "example.com.", "EXAMPLE.com"]
  static let segments = [
    "docs", "a", "b", "guide", "%0A", "%2F", "caf%C3%A9", "x y", "1", "DOCS", "Guide.", "%2564ocs", "a;x", "%FF",
    "%C5%BFa", "b%5C..", "%2e%2e",
  ]

  private func pattern(_ random: inout SeededGenerator) -> String {
    var text = ""
    switch Int.random(in: 0..<5, using: &random) {
    case 0: text += "https://"
    case 1: text += "http://"
    case 2: text += "myapp://"
    default: break
    }
    if Bool.random(using: &random) { text += "*." }
    text += Self.hosts.randomElement(using: &random)!
    if Int.random(in: 0..<6, using: &random) == 0 { text += ":8443" }
    guard Int.random(in: 0..<4, using: &random) != 0 else { return text }
    let count = Int.random(in: 0...3, using: &random)
    if count == 0 { return text + "/" }
    for index in 0..<count {
      text += Bool.random(using: &random) && Int.random(in: 0..<3, using: &random) == 0 ? "//" : "/"
      if index == count - 1, Int.random(in: 0..<4, using: &random) == 0 {
        text += "*"
      } else if Int.random(in: 0..<3, using: &random) == 0 {
        text += ":p\(index)"
      } else {
        text += ["docs", "a", "b", "guide", "1"].randomElement(using: &random)!
      }
    }
    return text
  }

  private func url(_ random: inout SeededGenerator) -> URL? {
    var text = ["https://", "http://", "myapp://", "HTTPS://", "ftp://"].randomElement(using: &random)!
    if Int.random(in: 0..<3, using: &random) == 0 { text += ["www.", "m.", "a.b."].randomElement(using: &random)! }
    text += Self.urlHosts.randomElement(using: &random)!
    if Int.random(in: 0..<8, using: &random) == 0 {
      text += [":8443", ":443", ":80", ":1"].randomElement(using: &random)!
    }
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      text += Int.random(in: 0..<5, using: &random) == 0 ? "//" : "/"
      text += Self.segments.randomElement(using: &random)!
    }
    if Bool.random(using: &random) { text += "/" }
    if Int.random(in: 0..<4, using: &random) == 0 { text += "?v=1#top" }
    return URL(string: text)
  }

  @Test(arguments: 0..<20)
  func theIndexFindsWhatTheScanFinds(seed: UInt64) async throws {
    var random = SeededGenerator(seed: seed)
    var rows: [(String, Int)] = []
    for row in 0..<Int.random(in: 1...60, using: &random) { rows.append((pattern(&random), row)) }
    let table = try URLRouteTable(rows)
    let scanning = try ScanningRouteTable(rows)
    var compared = 0
    let rounds = Stress.count(500)
    for round in 0..<rounds {
      // CPU-bound: let the timing tests running in parallel have the cooperative pool.
      if round % 50 == 0 { await Task.yield() }
      guard let url = url(&random) else { continue }
      let indexed = table.route(url)
      let scanned = scanning.route(url)
      #expect(indexed?.action == scanned?.action, "seed \(seed): \(url.absoluteString)")
      #expect(indexed?.match == scanned?.match, "seed \(seed): \(url.absoluteString)")
      compared += 1
    }
    #expect(compared > rounds * 9 / 10)
  }

  @Test func theRandomTablesDoExerciseThePrecedence() throws {
    // A check on the generator: many URLs match, and some match more than one row.
    var random = SeededGenerator(seed: 7)
    var rows: [(String, Int)] = []
    for row in 0..<60 { rows.append((pattern(&random), row)) }
    let table = try URLRouteTable(rows)
    var matched = 0
    for _ in 0..<1_000 {
      guard let url = url(&random), table.route(url) != nil else { continue }
      matched += 1
    }
    #expect(matched > 100)
  }
}

/// A route table as it was before it had an index or ranks: every row tried, the most
/// specific match kept, the earlier row on a tie; then, written the slow way, every reading
/// of the path servers make (a router's placeholders, a lenient server's, the folded one),
/// the route kept only when they all lead to it. What the indexed table is compared with.
struct ScanningRouteTable<Action> {
  let rows: [(pattern: URLPattern, action: Action)]

  init(_ rows: [(String, Action)]) throws {
    self.rows = try rows.map { (try URLPattern($0.0, allowsAppSchemes: true), $0.1) }
  }

  func route(_ url: URL) -> (action: Action, match: URLPatternMatch)? {
    var ports: Set<Int> = []
    var appSchemes: Set<String> = []
    for (pattern, _) in rows {
      if let port = pattern.port { ports.insert(port) }
      if let scheme = pattern.scheme, scheme != "http", scheme != "https" { appSchemes.insert(scheme) }
    }
    let checked =
      appSchemes.isEmpty
      ? URLSafety.check(url, permittedPorts: ports)
      : URLSafety.check(url, customSchemes: appSchemes, permittedPorts: ports)
    guard case .success(let eligible) = checked else { return nil }
    var best: (row: Int, action: Action, match: URLPatternMatch)?
    for (row, (pattern, action)) in rows.enumerated() {
      guard let match = pattern.match(eligible) else { continue }
      if let current = best, !pattern.isMoreSpecific(than: rows[current.row].pattern) { continue }
      best = (row, action, match)
    }
    let path = eligible.path
    let decoded = path.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%5C", with: "/")
    let lenient = ReferenceWHATWGPath.resolve(
      decoded.split(separator: "/", omittingEmptySubsequences: false).map { $0.prefix { $0 != ";" } }
        .joined(separator: "/"))
    let folded = ReferenceFolding.reading(of: path)
    let readings = [
      routerRow(eligible, path, folded: false), routerRow(eligible, lenient, folded: false),
      routerRow(eligible, folded, folded: true),
    ]
    guard readings.allSatisfy({ $0 == best?.row }), ReferenceFolding.caseVariant(in: path) == nil else { return nil }
    return best.map { ($0.action, $0.match) }
  }

  /// The row a router routes `path` to: a placeholder takes any non-empty segment.
  private func routerRow(_ url: EligibleURL, _ path: String, folded: Bool) -> Int? {
    var best: Int?
    for (row, (written, _)) in rows.enumerated() {
      let pattern = folded ? ReferenceFolding.folding(written) : written
      guard pattern.scheme.map({ $0 == url.scheme }) ?? (url.scheme == "http" || url.scheme == "https"),
        pattern.port == url.port, pattern.matchesHost(url.host)
      else { continue }
      if let segments = pattern.path {
        let parts = path.split(separator: "/")
        var matches = true
        var position = 0
        for segment in segments {
          if case .rest = segment { break }
          if position >= parts.count {
            matches = false
            break
          }
          if case .literal(let literal) = segment, parts[position] != literal { matches = false }
          position += 1
        }
        if segments.last != .rest, position != parts.count { matches = false }
        guard matches else { continue }
      }
      if let current = best, !written.isMoreSpecific(than: rows[current].pattern) { continue }
      best = row
    }
    return best
  }
}
