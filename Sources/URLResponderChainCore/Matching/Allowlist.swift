public import Foundation

/// A compiled set of allow and deny patterns: deny wins, and a check costs time in
/// proportion to the number of labels in the host, not the number of rules.
///
/// Rules are stored by the domain they name. A check looks up the URL's host and each of its
/// parent domains, once each, collecting the wildcard rules of every parent domain (from the
/// top-level domain down) and the exact rules of the host itself; only those few rules are
/// looked at.
///
/// ```swift
/// let allowlist = try Allowlist(allow: ["example.com", "*.trusted.org"], deny: ["*.ads.trusted.org"])
/// allowlist.verdict(for: "https://cdn.trusted.org/a.js")   // .allow(rule: "*.trusted.org")
/// ```
public struct Allowlist: Sendable {
  /// The decision for one URL.
  public enum Verdict: Sendable, Equatable {
    /// An allow rule matched and no deny rule did.
    case allow(rule: String)
    /// A deny rule matched: the URL is explicitly blocked.
    case blocked(rule: String)
    /// No allow rule matched, or the URL is not eligible; why.
    case deny(reason: String)

    /// Whether the URL is allowed.
    public var isAllowed: Bool { if case .allow = self { true } else { false } }

    /// Why the URL is not allowed, or `nil` when it is.
    public var refusalReason: String? {
      switch self {
      case .allow: nil
      case .blocked(let rule): "matches deny rule \"\(rule)\""
      case .deny(let reason): reason
      }
    }
  }

  /// The rules of one domain, `domain` itself and `*.domain`, as two runs of `entries`.
  private struct Domain: Sendable {
    var exact: Range<Int32>
    var subdomains: Range<Int32>
    /// The nearest parent domain with `*.` rules, as an index in `domainList`, or -1.
    var parent: Int32 = -1
  }

  /// One rule as compiled: its pattern, and whether it denies.
  private struct Rule {
    let pattern: URLPattern
    let denies: Bool
  }

  /// One rule, reduced to what a check compares without touching its pattern.
  private struct Entry: Sendable {
    /// The rule's index in `patterns`.
    let pattern: Int32
    let denies: Bool
    /// The pattern names only a host: it admits exactly the web URLs on the default port.
    let namesOnlyAHost: Bool
  }

  /// Every domain a rule names, as written in the rule (normalized), to its index in
  /// `domainList`. A check looks up the host, then its parent domains from the longest, and
  /// stops at the first it finds: from there, `parent` links lead to every parent domain with
  /// `*.` rules.
  private let domains: DomainTable
  private let domainList: [Domain]
  /// The rules, grouped by domain (exact rules, then `*.` rules), in document order in each.
  private let entries: [Entry]
  /// The patterns, in document order: allow rules, then deny rules.
  private let patterns: [URLPattern]
  private let permittedPorts: Set<Int>

  /// The number of rules.
  public let count: Int

  /// Compiles patterns into an allowlist.
  ///
  /// - Throws: ``AllowlistError`` listing every bad pattern; nothing is half-loaded.
  public init(allow: [String], deny: [String] = []) throws(AllowlistError) {
    try self.init(entries: allow, deny: deny)
  }

  /// Compiles entries as a document holds them: `nil` stands for an entry that is not a
  /// string. Every problem is reported, in document order (allow, then deny).
  init(entries allow: [String?], deny: [String?]) throws(AllowlistError) {
    var problems: [AllowlistError.Problem] = []
    var rules: [Rule] = []
    rules.reserveCapacity(allow.count + deny.count)
    for (list, entries) in [(AllowlistError.List.allow, allow), (.deny, deny)] {
      for (index, entry) in entries.enumerated() {
        guard let text = entry else {
          problems.append(.init(list: list, index: index, entry: nil, reason: "not a string"))
          continue
        }
        do throws(URLPatternError) {
          rules.append(Rule(pattern: try URLPattern(text), denies: list == .deny))
        } catch {
          problems.append(.init(list: list, index: index, entry: text, reason: error.description))
        }
      }
    }
    guard problems.isEmpty else { throw AllowlistError(problems: problems) }
    self.init(rules: rules)
  }

  /// Compiles already-validated patterns.
  public init(allowing allow: [URLPattern], denying deny: [URLPattern] = []) {
    self.init(rules: allow.map { Rule(pattern: $0, denies: false) } + deny.map { Rule(pattern: $0, denies: true) })
  }

  private init(rules: [Rule]) {
    // Pass 1: each rule's domain, and how many rules of each kind each domain has.
    var domains = DomainTable(
      capacity: rules.count, byteCount: rules.reduce(0) { $0 + $1.pattern.host.utf8.count })
    var domainOfRule: [Int32] = []
    var exactCounts: [Int32] = []
    var subdomainCounts: [Int32] = []
    var ports: Set<Int> = []
    domainOfRule.reserveCapacity(rules.count)
    for rule in rules {
      let index = withUTF8(of: rule.pattern.host) { domains.insert($0) }
      if index == exactCounts.count {
        exactCounts.append(0)
        subdomainCounts.append(0)
      }
      domainOfRule.append(index)
      if rule.pattern.matchesSubdomainsOnly {
        subdomainCounts[Int(index)] += 1
      } else {
        exactCounts[Int(index)] += 1
      }
      if let port = rule.pattern.port { ports.insert(port) }
    }
    // Each domain's two runs, one after the other.
    var list: [Domain] = []
    list.reserveCapacity(exactCounts.count)
    var start: Int32 = 0
    for (exact, subdomains) in zip(exactCounts, subdomainCounts) {
      list.append(Domain(exact: start..<start + exact, subdomains: (start + exact)..<(start + exact + subdomains)))
      start += exact + subdomains
    }
    // Pass 2: the rules into their runs, in document order (a stable counting sort).
    var nextExact = list.map(\.exact.lowerBound)
    var nextSubdomain = list.map(\.subdomains.lowerBound)
    var entries = [Entry](repeating: Entry(pattern: 0, denies: false, namesOnlyAHost: false), count: rules.count)
    for (position, rule) in rules.enumerated() {
      let domain = Int(domainOfRule[position])
      let pattern = rule.pattern
      let entry = Entry(
        pattern: Int32(position), denies: rule.denies,
        namesOnlyAHost: pattern.scheme == nil && pattern.port == nil && pattern.path == nil)
      if pattern.matchesSubdomainsOnly {
        entries[Int(nextSubdomain[domain])] = entry
        nextSubdomain[domain] += 1
      } else {
        entries[Int(nextExact[domain])] = entry
        nextExact[domain] += 1
      }
    }
    for index in list.indices {
      list[index].parent =
        domains.withName(at: Int32(index)) { name in
          Self.firstParent(of: name, in: domains) { !list[Int($0)].subdomains.isEmpty }
        } ?? -1
    }
    self.domains = domains
    domainList = list
    self.entries = entries
    patterns = rules.map(\.pattern)
    permittedPorts = ports
    count = rules.count
  }

  /// The longest parent domain of `host` in `domains` that `accepts`, as its index.
  @inline(__always)
  private static func firstParent(
    of host: UnsafeBufferPointer<UInt8>, in domains: DomainTable, where accepts: (Int32) -> Bool = { _ in true }
  ) -> Int32? {
    var index = 0
    while let dot = host[index...].firstIndex(of: UInt8(ascii: ".")) {
      index = dot + 1
      if let found = domains.index(of: UnsafeBufferPointer(rebasing: host[index...])), accepts(found) { return found }
    }
    return nil
  }

  /// The verdict for a URL string: eligibility first, then deny rules, then allow rules.
  public func verdict(for string: String) -> Verdict {
    verdict(for: URLSafety.check(string, permittedPorts: permittedPorts))
  }

  /// The verdict for the `URL` value that will be opened, checked as it is (never re-parsed
  /// from its string form).
  public func verdict(for url: URL) -> Verdict {
    verdict(for: URLSafety.check(url, permittedPorts: permittedPorts))
  }

  private func verdict(for eligibility: Result<EligibleURL, URLRefusal>) -> Verdict {
    switch eligibility {
    case .success(let eligible): verdict(for: eligible)
    case .failure(let refusal): .deny(reason: "refused: \(refusal)")
    }
  }

  /// The verdict for an already-checked URL.
  ///
  /// In effect, rules are tried from the top-level domain down: the `*.` rules of each
  /// parent domain, then the host's own rules. The first deny rule that matches blocks;
  /// otherwise the first allow rule that matched allows. (They are visited the other way
  /// round, nearest first, keeping the last match of each kind.)
  public func verdict(for url: EligibleURL) -> Verdict {
    let isPlainWebURL = url.port == nil && (url.scheme == "https" || url.scheme == "http")
    // Only indices are kept: copying patterns cost more than the lookup.
    var denied: Int32 = -1
    var allowed: Int32 = -1
    var next: Int32 = -1
    withUTF8(of: url.host) { host in
      if let own = domains.index(of: host) {
        visit(domainList[Int(own)].exact, for: url, isPlainWebURL, denied: &denied, allowed: &allowed)
        next = domainList[Int(own)].parent
      } else {
        next = Self.firstParent(of: host, in: domains) ?? -1
      }
    }
    while next >= 0 {
      visit(domainList[Int(next)].subdomains, for: url, isPlainWebURL, denied: &denied, allowed: &allowed)
      next = domainList[Int(next)].parent
    }
    if denied >= 0 { return .blocked(rule: patterns[Int(denied)].description) }
    if allowed >= 0 { return .allow(rule: patterns[Int(allowed)].description) }
    return .deny(reason: "no allow rule matches \(url.host)")
  }

  /// Visits the entries in `run` last first, keeping the last deny and allow rules that match:
  /// so the first of each, in the order the rules were written.
  private func visit(
    _ run: Range<Int32>, for url: EligibleURL, _ isPlainWebURL: Bool, denied: inout Int32, allowed: inout Int32
  ) {
    var index = run.upperBound
    while index > run.lowerBound {
      index -= 1
      let entry = entries[Int(index)]
      let admits = entry.namesOnlyAHost ? isPlainWebURL : patterns[Int(entry.pattern)].admits(url)
      guard admits else { continue }
      if entry.denies { denied = entry.pattern } else { allowed = entry.pattern }
    }
  }
}

/// Calls `body` with the UTF-8 bytes of `text`, copying them only if the string does not
/// store them contiguously (a bridged string).
///
/// Not the standard library's `String.withUTF8`: that one is `mutating`, and the copy it
/// needs here made an exact-host check 42 → 70 ns.
@inline(__always)
private func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  return Array(text.utf8).withUnsafeBufferPointer(body)
}
