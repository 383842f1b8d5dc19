import Foundation
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// The allowlist as it was before it stored rules by domain: a trie of host labels walked
/// from the top-level domain down, every candidate matched with ``URLPattern/match(_:)``.
/// Kept here, unchanged in behaviour, as the reference the differential test compares with.
private struct ReferenceAllowlist {
  final class Node {
    var children: [Substring: Node] = [:]
    var exact: [(URLPattern, Bool)] = []
    var subdomains: [(URLPattern, Bool)] = []
  }

  let root = Node()

  init(allow: [URLPattern], deny: [URLPattern]) {
    for (pattern, denies) in allow.map({ ($0, false) }) + deny.map({ ($0, true) }) {
      var node = root
      for label in pattern.host.split(separator: ".").reversed() {
        if let child = node.children[label] {
          node = child
        } else {
          let child = Node()
          node.children[label] = child
          node = child
        }
      }
      if pattern.matchesSubdomainsOnly {
        node.subdomains.append((pattern, denies))
      } else {
        node.exact.append((pattern, denies))
      }
    }
  }

  /// The path as written, then as lenient servers read it (`%2F` and `%5C` as `/`, each
  /// segment's `;` parameters dropped, dot segments resolved again): a deny in either
  /// reading blocks, and both must allow.
  func verdict(for url: EligibleURL) -> URLVerdict {
    let written = verdict(for: url, path: url.path)
    let decoded = url.path.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%5C", with: "/")
    let lenient = ReferenceWHATWGPath.resolve(
      decoded.split(separator: "/", omittingEmptySubsequences: false).map { $0.prefix { $0 != ";" } }
        .joined(separator: "/"))
    guard case .allowed = written, decoded != url.path || url.path.contains(";") else { return written }
    switch verdict(for: url, path: lenient) {
    case .allowed: return written
    case .blocked(let rule): return .blocked(rule: rule)
    case .refused:
      return .refused(reason: "no allow rule matches \(url.host)\(lenient), as servers may read \(url.path)")
    }
  }

  private func verdict(for written: EligibleURL, path: String) -> URLVerdict {
    let url = EligibleURL(url: written.url, scheme: written.scheme, host: written.host, port: written.port, path: path)
    var allowedBy: URLPattern?
    var node = root
    let labels = Array(url.host.split(separator: ".").reversed())
    for (depth, label) in labels.enumerated() {
      guard let child = node.children[label] else { break }
      node = child
      let candidates = depth == labels.count - 1 ? node.exact : node.subdomains
      for (pattern, denies) in candidates where pattern.match(url) != nil {
        if denies { return .blocked(rule: pattern.description) }
        if allowedBy == nil { allowedBy = pattern }
      }
    }
    if let allowedBy { return .allowed(rule: allowedBy.description) }
    return .refused(reason: "no allow rule matches \(url.host)")
  }
}

@Suite struct AllowlistDifferentialTests {
  /// Rule hosts: some not in normal form (capitals, a trailing dot), which the fast lane for
  /// plain hosts leaves to the full parser.
  static let hosts = [
    "example.com", "docs.example.com", "a.docs.example.com", "example.org", "cdn.example.org", "io", "Example.COM",
    "docs.example.com.",
  ]
  static let urlHosts = [
    "example.com", "docs.example.com", "a.docs.example.com", "b.a.docs.example.com",
    "example.org", "cdn.example.org", "x.cdn.example.org", "example.io", "other.net", "com",
  ]
  static let segments = [
    "docs", "a", "b", "%0A", "%41", "caf%C3%A9", "cafe%CC%81", "1", "a%2Fb", "..%2F", "..;", "a;x=1", "%2e%2e%5C",
    "%64ocs", "%2f",
  ]

  private func rule(_ random: inout SeededGenerator) -> String {
    var text = ["", "", "https://", "http://"].randomElement(using: &random)!
    let host = Self.hosts.randomElement(using: &random)!
    // `*.io` would be a wildcard over a public suffix.
    if host != "io", Bool.random(using: &random) { text += "*." }
    text += host
    if Int.random(in: 0..<6, using: &random) == 0 { text += ":8443" }
    guard Int.random(in: 0..<3, using: &random) == 0 else { return text }
    let count = Int.random(in: 0...3, using: &random)
    if count == 0 { return text + "/" }
    for index in 0..<count {
      text += Int.random(in: 0..<4, using: &random) == 0 ? "//" : "/"
      if index == count - 1, Bool.random(using: &random) {
        text += "*"
      } else if Int.random(in: 0..<4, using: &random) == 0 {
        text += ":p\(index)"
      } else {
        text += ["docs", "a", "b", "café", "1"].randomElement(using: &random)!
      }
    }
    return text
  }

  private func url(_ random: inout SeededGenerator) -> EligibleURL? {
    var text = ["https://", "http://"].randomElement(using: &random)!
    text += Self.urlHosts.randomElement(using: &random)!
    if Int.random(in: 0..<8, using: &random) == 0 { text += ":8443" }
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      text += Int.random(in: 0..<5, using: &random) == 0 ? "//" : "/"
      text += Self.segments.randomElement(using: &random)!
    }
    if Bool.random(using: &random) { text += "/" }
    guard let eligible = try? EligibleURL(text, permittedPorts: [8443]) else { return nil }
    return eligible
  }

  @Test(arguments: 0..<20)
  func storingRulesByDomainDecidesAsTheTrieDid(seed: UInt64) async throws {
    var random = SeededGenerator(seed: 1_000 + seed)
    let allowTexts = (0..<Int.random(in: 1...40, using: &random)).map { _ in rule(&random) }
    let denyTexts = (0..<Int.random(in: 0...10, using: &random)).map { _ in rule(&random) }
    let allow = try allowTexts.map { try URLPattern($0) }
    let deny = try denyTexts.map { try URLPattern($0) }
    let allowlist = Allowlist(allowing: allow, denying: deny)
    // Compiled from text, plain hosts take the fast lane and never become patterns.
    let compiled = try Allowlist(allow: allowTexts, deny: denyTexts)
    let reference = ReferenceAllowlist(allow: allow, deny: deny)
    var outcomes: Set<String> = []
    for round in 0..<500 {
      // CPU-bound: let the timing tests running in parallel have the cooperative pool.
      if round % 50 == 0 { await Task.yield() }
      guard let url = url(&random) else { continue }
      let verdict = allowlist.verdict(for: url)
      #expect(verdict == reference.verdict(for: url), "seed \(seed): \(url.url.absoluteString)")
      #expect(compiled.verdict(for: url) == verdict, "seed \(seed), from text: \(url.url.absoluteString)")
      switch verdict {
      case .allowed: outcomes.insert("allow")
      case .blocked: outcomes.insert("blocked")
      case .refused: outcomes.insert("deny")
      }
    }
    #expect(outcomes.count >= 2, "the random rules should both allow and refuse")
  }
}
