import AllowlistTestSupport
import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// The allowlist as it was before it stored rules by domain: a trie of host labels walked
/// from the top-level domain down, every candidate matched with ``URLPattern/match(_:)``.
/// Kept here, unchanged in behaviour, as the reference the differential test compares with.
private struct ReferenceAllowlist {
  /// A rule, its pattern with literals folded (``ReferenceFolding``), and whether it denies.
  struct Rule {
    let pattern: URLPattern
    let folded: URLPattern
    let denies: Bool
  }

  final class Node {
    var children: [Substring: Node] = [:]
    var exact: [Rule] = []
    var subdomains: [Rule] = []
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
      let rule = Rule(pattern: pattern, folded: ReferenceFolding.folding(pattern), denies: denies)
      if pattern.matchesSubdomainsOnly {
        node.subdomains.append(rule)
      } else {
        node.exact.append(rule)
      }
    }
  }

  /// The path as written, then as lenient servers read it (`%2F` and `%5C` as `/`, each
  /// segment's `;` parameters dropped, dot segments resolved again), then folded (every
  /// escape decoded, trailing dots and spaces dropped, lowercased, composed) and judged by folded
  /// rules: a deny in any reading blocks, and every reading must allow.
  func verdict(for url: EligibleURL) -> URLVerdict {
    let written = verdict(for: url, path: url.path, folded: false)
    if case .blocked = written { return written }
    let decoded = url.path.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%5C", with: "/")
    let lenient = ReferenceWHATWGPath.resolve(
      decoded.split(separator: "/", omittingEmptySubsequences: false).map { $0.prefix { $0 != ";" } }
        .joined(separator: "/"))
    if decoded != url.path || url.path.contains(";") {
      let verdict = verdict(for: url, path: lenient, folded: false)
      if case .blocked = verdict { return verdict }
      if written.isAllowed, !verdict.isAllowed { return stricter(verdict, reading: lenient, of: url) }
    }
    let folded = ReferenceFolding.reading(of: url.path)
    let verdict = verdict(for: url, path: folded, folded: true)
    if case .blocked = verdict { return verdict }
    if written.isAllowed, !verdict.isAllowed { return stricter(verdict, reading: folded, of: url) }
    if written.isAllowed, readsPath(url), let letter = ReferenceFolding.caseVariant(in: url.path) {
      let hex = String(letter.value, radix: 16, uppercase: true)
      return .notAllowed(
        reason:
          "its path holds \"\(letter)\" (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)), which servers may read as ASCII"
      )
    }
    return written
  }

  /// Whether a rule with a path is one the URL's host is checked against.
  private func readsPath(_ url: EligibleURL) -> Bool {
    var node = root
    let labels = Array(url.host.split(separator: ".").reversed())
    for (depth, label) in labels.enumerated() {
      guard let child = node.children[label] else { return false }
      node = child
      let candidates = depth == labels.count - 1 ? node.exact : node.subdomains
      if candidates.contains(where: { $0.pattern.path != nil }) { return true }
    }
    return false
  }

  /// A deny rule matches as a router routes: a placeholder takes any non-empty segment,
  /// whatever it holds; literals compare exactly; `*` takes the rest. A deny rule without a
  /// port names its host on every port.
  static func denies(_ pattern: URLPattern, _ url: EligibleURL) -> Bool {
    guard pattern.scheme.map({ $0 == url.scheme }) ?? (url.scheme == "http" || url.scheme == "https"),
      pattern.port == nil || pattern.port == url.port, pattern.matchesHost(url.host)
    else { return false }
    guard let segments = pattern.path else { return true }
    let parts = url.path.split(separator: "/")
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .rest: return true
      case .literal(let literal): guard index < parts.count, parts[index] == literal else { return false }
      case .placeholder: guard index < parts.count else { return false }
      }
    }
    return segments.count == parts.count
  }

  private func stricter(_ verdict: URLVerdict, reading: String, of url: EligibleURL) -> URLVerdict {
    guard case .notAllowed = verdict else { return verdict }
    return .notAllowed(reason: "no allow rule matches \(url.host)\(reading), as servers may read \(url.path)")
  }

  private func verdict(for written: EligibleURL, path: String, folded: Bool) -> URLVerdict {
    let url = EligibleURL(url: written.url, scheme: written.scheme, host: written.host, port: written.port, path: path)
    var allowedBy: URLPattern?
    var node = root
    let labels = Array(url.host.split(separator: ".").reversed())
    for (depth, label) in labels.enumerated() {
      guard let child = node.children[label] else { break }
      node = child
      let candidates = depth == labels.count - 1 ? node.exact : node.subdomains
      for rule in candidates {
        let pattern = folded ? rule.folded : rule.pattern
        if rule.denies {
          if Self.denies(pattern, url) { return .blocked(rule: rule.pattern.description) }
        } else if allowedBy == nil, pattern.match(url) != nil {
          allowedBy = rule.pattern
        }
      }
    }
    if let allowedBy { return .allowed(rule: allowedBy.description) }
    return .notAllowed(reason: "no allow rule matches \(url.host)")
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
    "%64ocs", "%2f", "DOCS", "Docs.", "docs%20", "%2564ocs", "%252F", "%255C..", "%2500", "A", "caf%C3%89",
    "%25", "%2525", "%252e%252e", "%E2%84%AA", "%FF", "%FFA", "%25%34%31", "%4%31", "%C5%BFecret", "adm%C4%B1n",
    "%C3%9F", "%25C5%25BF", "%EF%AC%81", "%01", "%7F", "%C2%85", "%", "a%2",
    // Compatibility forms (NFKC): fullwidth `ａ`, `．．`, `..／`, `＼`, `Ｄocs`, `𝐚`, `ⅰ`, a soft hyphen.
    "%EF%BD%81", "%EF%BC%8E%EF%BC%8E", "..%EF%BC%8F", "%EF%BC%BC", "%EF%BC%A4ocs", "%F0%9D%90%9A", "%E2%85%B0",
    "d%C2%ADocs",
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
        text += ["docs", "a", "b", "café", "1", "Docs", "A.", "CAFÉ", "k", "%25"].randomElement(using: &random)!
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
      case .notAllowed: outcomes.insert("deny")
      }
    }
    #expect(outcomes.count >= 2, "the random rules should both allow and refuse")
  }
}
