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
  }

  private struct Rule: Sendable {
    let pattern: URLPattern
    let denies: Bool
  }

  /// Every domain a rule names, as written in the rule (normalized). A check looks up the
  /// host and each of its parent domains: as many lookups as the host has labels.
  private let domains: [Substring: Domain]
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
    var domains: [Substring: Domain] = [:]
    for rule in rules {
      let key = Substring(rule.pattern.host)
      if rule.pattern.matchesSubdomainsOnly {
        domains[key, default: Domain()].subdomains.append(rule)
      } else {
        domains[key, default: Domain()].exact.append(rule)
      }
      if let port = rule.pattern.port { ports.insert(port) }
    }
    self.domains = domains
    permittedPorts = ports
    count = rules.count
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
  /// Rules are tried from the top-level domain down: the `*.` rules of each parent domain,
  /// then the host's own rules. The first deny rule that matches blocks; otherwise the first
  /// allow rule that matched allows.
  public func verdict(for url: EligibleURL) -> Verdict {
    let host = url.host
    var allowedBy: URLPattern?
    // The parent domains start after each dot; they are tried shortest first. Hosts are
    // ASCII, so their UTF-8 offsets are character positions.
    let dot = UInt8(ascii: ".")
    var end = host.utf8.endIndex
    var parents = 0
    while let index = host.utf8[..<end].lastIndex(of: dot) {
      parents += 1
      end = index
    }
    var start = host.utf8.endIndex
    for _ in 0..<parents {
      start = host.utf8[..<start].lastIndex(of: dot)!
      guard let domain = domains[host[host.utf8.index(after: start)...]] else { continue }
      for rule in domain.subdomains where rule.pattern.admits(url) {
        if rule.denies { return .blocked(rule: rule.pattern.description) }
        if allowedBy == nil { allowedBy = rule.pattern }
      }
    }
    if let domain = domains[host[...]] {
      for rule in domain.exact where rule.pattern.admits(url) {
        if rule.denies { return .blocked(rule: rule.pattern.description) }
        if allowedBy == nil { allowedBy = rule.pattern }
      }
    }
    if let allowedBy { return .allow(rule: allowedBy.description) }
    return .deny(reason: "no allow rule matches \(url.host)")
  }
}
