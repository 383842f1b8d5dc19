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

  /// The rules of one domain: `domain` itself, and `*.domain`.
  private struct Domain: Sendable {
    var exact: [Rule] = []
    var subdomains: [Rule] = []
    /// The nearest parent domain with `*.` rules, as an index in `domainList`, or -1.
    var parent: Int32 = -1
  }

  private struct Rule: Sendable {
    let pattern: URLPattern
    let denies: Bool
  }

  /// Every domain a rule names, as written in the rule (normalized), to its index in
  /// `domainList`. A check looks up the host, then its parent domains from the longest, and
  /// stops at the first it finds: from there, `parent` links lead to every parent domain with
  /// `*.` rules.
  private let domains: [Substring: Int32]
  private let domainList: [Domain]
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
    var ports: Set<Int> = []
    var domains: [Substring: Int32] = [:]
    var list: [Domain] = []
    for rule in rules {
      let key = Substring(rule.pattern.host)
      let index: Int32
      if let known = domains[key] {
        index = known
      } else {
        index = Int32(list.count)
        domains[key] = index
        list.append(Domain())
      }
      if rule.pattern.matchesSubdomainsOnly {
        list[Int(index)].subdomains.append(rule)
      } else {
        list[Int(index)].exact.append(rule)
      }
      if let port = rule.pattern.port { ports.insert(port) }
    }
    for (key, index) in domains {
      list[Int(index)].parent = Self.firstParent(of: key, in: domains) { !list[Int($0)].subdomains.isEmpty } ?? -1
    }
    self.domains = domains
    domainList = list
    permittedPorts = ports
    count = rules.count
  }

  /// The longest parent domain of `host` in `domains` that `accepts`, as its index.
  private static func firstParent(
    of host: Substring, in domains: [Substring: Int32], where accepts: (Int32) -> Bool = { _ in true }
  ) -> Int32? {
    // Hosts are ASCII: UTF-8 offsets are character positions.
    var index = host.utf8.startIndex
    while let dot = host.utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
      index = host.utf8.index(after: dot)
      if let found = domains[host[index...]], accepts(found) { return found }
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
    let host = url.host[...]
    // Only the rule's text is kept: copying whole patterns cost more than the lookup.
    var deniedRule: String?
    var allowedRule: String?
    var next: Int32
    if let own = domains[host] {
      Self.visit(domainList[Int(own)].exact, for: url, denied: &deniedRule, allowed: &allowedRule)
      next = domainList[Int(own)].parent
    } else {
      next = Self.firstParent(of: host, in: domains) ?? -1
    }
    while next >= 0 {
      Self.visit(domainList[Int(next)].subdomains, for: url, denied: &deniedRule, allowed: &allowedRule)
      next = domainList[Int(next)].parent
    }
    if let deniedRule { return .blocked(rule: deniedRule) }
    if let allowedRule { return .allow(rule: allowedRule) }
    return .deny(reason: "no allow rule matches \(url.host)")
  }

  /// Visits `rules` last first, keeping the text of the last deny and allow rules that match:
  /// so the first of each, in the order the rules were written.
  private static func visit(_ rules: [Rule], for url: EligibleURL, denied: inout String?, allowed: inout String?) {
    for rule in rules.reversed() where rule.pattern.admits(url) {
      if rule.denies { denied = rule.pattern.description } else { allowed = rule.pattern.description }
    }
  }
}
