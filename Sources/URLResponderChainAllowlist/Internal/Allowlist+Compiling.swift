import URLResponderChainCore

extension Allowlist {
  /// The rules of one domain, `domain` itself and `*.domain`: two runs of `entries`, one
  /// after the other (`exact` is `start..<middle`, `subdomains` is `middle..<end`).
  struct Domain: Sendable {
    var start: Int32
    var middle: Int32
    var end: Int32
    /// The nearest parent domain with `*.` rules, as an index in `domainList`, or -1.
    var parent: Int32 = -1

    var exact: Range<Int32> { start..<middle }
    var subdomains: Range<Int32> { middle..<end }
  }

  /// One rule, reduced to what a check compares.
  struct Entry: Sendable {
    /// The rule's place in document order (allow rules, then deny rules): its index in
    /// `descriptions`.
    var rule: Int32
    /// Its pattern's index in `patterns`, or -1 when the rule names only a host (and
    /// admits exactly the web URLs on the default port).
    var pattern: Int32
  }

  /// Collects rules in document order and stores them by the domain they name.
  ///
  /// A rule that is a host or `*.host` in normal form (most rules) is recognized on its
  /// bytes and never becomes a ``URLPattern``: its host goes straight from the text into the
  /// domain table. Every other rule is parsed in full.
  struct Compiler {
    private(set) var domains: DomainTable
    /// Each rule's domain, times two, plus one for a `*.` rule.
    private var domainOfRule: [Int32] = []
    private var exactCounts: [Int32] = []
    private var subdomainCounts: [Int32] = []
    private(set) var descriptions: [String] = []
    private(set) var patterns: [URLPattern] = []
    private var patternOfRule: [Int32] = []
    private(set) var ports: Set<Int> = []

    /// A compiler with room for `count` rules of about `byteCount` bytes in all.
    init(count: Int, byteCount: Int) {
      domains = DomainTable(capacity: count, byteCount: byteCount)
      domainOfRule.reserveCapacity(count)
      descriptions.reserveCapacity(count)
      patternOfRule.reserveCapacity(count)
    }

    /// Adds a rule as written.
    ///
    /// - Throws: ``URLPatternError`` when the text is not a valid pattern; nothing is added.
    mutating func add(_ text: String) throws(URLPatternError) {
      let plain = withUTF8(of: text) { bytes -> Bool in
        guard let (matchesSubdomainsOnly, host) = URLPatternParser.plainHost(in: bytes) else { return false }
        add(host: UnsafeBufferPointer(rebasing: bytes[host]), matchesSubdomainsOnly: matchesSubdomainsOnly, pattern: -1)
        return true
      }
      if plain {
        descriptions.append(text)
      } else {
        add(try URLPattern(text))
      }
    }

    /// Adds a parsed rule.
    mutating func add(_ pattern: URLPattern) {
      let namesOnlyAHost = pattern.scheme == nil && pattern.port == nil && pattern.path == nil
      let index = namesOnlyAHost ? -1 : Int32(patterns.count)
      withUTF8(of: pattern.host) { add(host: $0, matchesSubdomainsOnly: pattern.matchesSubdomainsOnly, pattern: index) }
      descriptions.append(pattern.description)
      if !namesOnlyAHost { patterns.append(pattern) }
      if let port = pattern.port { ports.insert(port) }
    }

    private mutating func add(host: UnsafeBufferPointer<UInt8>, matchesSubdomainsOnly: Bool, pattern: Int32) {
      let domain = domains.insert(host)
      if domain == exactCounts.count {
        exactCounts.append(0)
        subdomainCounts.append(0)
      }
      if matchesSubdomainsOnly {
        subdomainCounts[Int(domain)] += 1
      } else {
        exactCounts[Int(domain)] += 1
      }
      domainOfRule.append(domain * 2 + (matchesSubdomainsOnly ? 1 : 0))
      patternOfRule.append(pattern)
    }

    /// Each domain's two runs, and the rules placed in them in document order (a stable
    /// counting sort), with every domain linked to its nearest parent with `*.` rules.
    func domainsAndEntries() -> (domains: [Domain], entries: [Entry]) {
      var list: [Domain] = []
      list.reserveCapacity(exactCounts.count)
      var start: Int32 = 0
      for (exact, subdomains) in zip(exactCounts, subdomainCounts) {
        list.append(Domain(start: start, middle: start + exact, end: start + exact + subdomains))
        start += exact + subdomains
      }
      var next = [Int32](repeating: 0, count: list.count * 2)
      for (index, domain) in list.enumerated() {
        next[index * 2] = domain.start
        next[index * 2 + 1] = domain.middle
      }
      var entries = [Entry](repeating: Entry(rule: 0, pattern: -1), count: domainOfRule.count)
      for (rule, run) in domainOfRule.enumerated() {
        entries[Int(next[Int(run)])] = Entry(rule: Int32(rule), pattern: patternOfRule[rule])
        next[Int(run)] += 1
      }
      for index in list.indices {
        list[index].parent =
          domains.withName(at: Int32(index)) { name in
            Allowlist.firstParent(of: name, in: domains) { !list[Int($0)].subdomains.isEmpty }
          } ?? -1
      }
      return (list, entries)
    }
  }

  /// The longest parent domain of `host` in `domains` that `accepts`, as its index.
  @inline(__always)
  static func firstParent(
    of host: UnsafeBufferPointer<UInt8>, in domains: DomainTable, where accepts: (Int32) -> Bool = { _ in true }
  ) -> Int32? {
    var index = 0
    while let dot = host[index...].firstIndex(of: UInt8(ascii: ".")) {
      index = dot + 1
      if let found = domains.index(of: UnsafeBufferPointer(rebasing: host[index...])), accepts(found) { return found }
    }
    return nil
  }
}
