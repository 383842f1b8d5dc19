public import Foundation
public import URLResponderChainCore

/// A compiled set of allow and deny patterns: deny wins, and a check costs time in
/// proportion to the number of labels in the host, not the number of rules.
///
/// Rules are stored by the domain they name. A check looks up the URL's host and each of its
/// parent domains, once each, collecting the wildcard rules of every parent domain (from the
/// top-level domain down) and the exact rules of the host itself; only those few rules are
/// looked at.
///
/// Which rule a verdict names: a deny rule that matches always wins (`URLVerdict.blocked`).
/// Among the rules of one kind that match, the first is named, looking at the `*.` rules of
/// the broadest parent domain first, then of each narrower one, then the host's own rules,
/// and at rules for the same domain in document order. So with `*.example.com` and
/// `docs.example.com` both allowed, `https://docs.example.com` is allowed by
/// `*.example.com`.
///
/// ```swift
/// let allowlist = try Allowlist(allow: ["example.com", "*.trusted.org"], deny: ["*.ads.trusted.org"])
/// print(allowlist.verdict(for: "https://cdn.trusted.org/a.js"))   // allowed(rule: "*.trusted.org")
/// ```
public struct Allowlist: URLVerdictProviding {
  // The compiled list lives in one immutable object: an allowlist (and every value that
  // holds one, such as a remote allowlist's configuration) is copied as one reference.
  private let compiled: Compiled

  /// The number of rules.
  public var count: Int { compiled.descriptions.count }

  /// The non-default ports the rules name.
  package var permittedPorts: Set<Int> { compiled.permittedPorts }

  /// Compiles patterns into an allowlist.
  ///
  /// - Throws: ``AllowlistError`` listing every bad pattern; nothing is half-loaded.
  public init(allow: [String], deny: [String] = []) throws(AllowlistError) {
    try self.init(allow: allow, deny: deny) { $0 }
  }

  /// Compiles entries as a document holds them, strings or other JSON values. Every problem
  /// is reported, in document order (allow, then deny).
  init(entries allow: [AllowlistDocument.Entry], deny: [AllowlistDocument.Entry]) throws(AllowlistError) {
    try self.init(allow: allow, deny: deny) {
      if case .rule(let text) = $0 { text } else { nil }
    } shown: {
      if case .notAString(let shown) = $0 { shown } else { "" }
    }
  }

  private init<Written>(
    allow: [Written], deny: [Written], text: (Written) -> String?, shown: (Written) -> String = { _ in "" }
  ) throws(AllowlistError) {
    var byteCount = 0
    for entry in allow { byteCount += text(entry)?.utf8.count ?? 0 }
    for entry in deny { byteCount += text(entry)?.utf8.count ?? 0 }
    var compiler = Compiler(count: allow.count + deny.count, byteCount: byteCount)
    var problems: [AllowlistError.Problem] = []
    for (list, entries) in [(AllowlistError.List.allow, allow), (.deny, deny)] {
      for (index, entry) in entries.enumerated() {
        guard let text = text(entry) else {
          problems.append(.init(list: list, index: index, entry: nil, reason: "is \(shown(entry)), not a string"))
          continue
        }
        do throws(URLPatternError) {
          try compiler.add(text)
        } catch {
          problems.append(.init(list: list, index: index, entry: text, reason: error.description))
        }
      }
    }
    guard problems.isEmpty else { throw AllowlistError(problems: problems) }
    self.init(compiler, firstDenyRule: allow.count)
  }

  /// Compiles already-validated patterns.
  public init(allowing allow: [URLPattern], denying deny: [URLPattern] = []) {
    var compiler = Compiler(count: allow.count + deny.count, byteCount: 0)
    for pattern in allow { compiler.add(pattern) }
    for pattern in deny { compiler.add(pattern) }
    self.init(compiler, firstDenyRule: allow.count)
  }

  private init(_ compiler: Compiler, firstDenyRule: Int) {
    compiled = Compiled(compiler, firstDenyRule: firstDenyRule)
  }

  /// The verdict for a URL string: deny rules first, on every reading of it, then
  /// eligibility, then allow rules.
  public func verdict(for string: String) -> URLVerdict {
    let eligibility = URLSafety.check(string, permittedPorts: compiled.permittedPorts)
    if let blocked = blockedReading(of: string, url: URL(string: string), besides: eligibility) { return blocked }
    return verdict(for: eligibility)
  }

  /// The verdict for the `URL` value that will be opened, checked as it is (never re-parsed
  /// from its string form).
  ///
  /// Deny rules are judged first, on every host and path a browser or Foundation reads in
  /// the link (user info and port ignored, escapes decoded, the host mapped as IDNA maps it
  /// and written in ASCII: `URLSafety.readings(of:url:)`), so a spelling that is not eligible
  /// for the in-app browser is still blocked: `https://user@evil.example/`,
  /// `https://evil.example:8443/`, `https://%65vil.example/` and
  /// `https://evil%E3%80%82example/` are all blocked by `evil.example`. A link whose host
  /// cannot be read in linear time (longer than 4,096 bytes as written, or with more than 30
  /// combining marks in a row) is blocked by a list with any deny rule. Then a link that is
  /// not eligible is refused, and an eligible one judged by ``verdict(for:)-(EligibleURL)``.
  public func verdict(for url: URL) -> URLVerdict {
    let eligibility = URLSafety.check(url, permittedPorts: compiled.permittedPorts)
    if let blocked = blockedReading(of: url.absoluteString, url: url, besides: eligibility) { return blocked }
    return verdict(for: eligibility)
  }

  /// The verdict of a deny rule that blocks any reading of a link that is not eligible, or `nil`.
  private func blockedReading(
    of written: String, url: URL?, besides eligibility: Result<EligibleURL, URLRefusal>
  ) -> URLVerdict? {
    // An eligible link has no other reading: eligibility refuses the user info, backslashes,
    // escaped hosts and unnamed ports where readers part (`WPTCorpusTests`), and its path's
    // readings are judged by `verdict(for:)-(EligibleURL)`.
    guard compiled.hasDenyRules, case .failure = eligibility else { return nil }
    // A link that cannot be read (a host too long to read, links wrapped too deep) fails
    // closed: any deny rule could name what it opens.
    let cannotBeRead = URLVerdict.blocked(rule: compiled.descriptions[Int(compiled.firstDenyRule)])
    guard let readings = try? URLSafety.readings(of: written, url: url) else { return cannotBeRead }
    for reading in readings {
      if case .blocked = verdict(for: reading) { return verdict(for: reading) }
    }
    // A link of another scheme may open a web link it wraps (`x-safari-https://evil.example`).
    guard let wrapped = URLSafety.webLinks(wrappedIn: written) else { return cannotBeRead }
    for link in wrapped {
      if case .blocked = verdict(for: link) { return verdict(for: link) }
    }
    return nil
  }

  private func verdict(for eligibility: Result<EligibleURL, URLRefusal>) -> URLVerdict {
    switch eligibility {
    case .success(let eligible): verdict(for: eligible)
    case .failure(let refusal): .notAllowed(reason: "refused: \(refusal)")
    }
  }

  /// The verdict for an already-checked URL.
  ///
  /// In effect, rules are tried from the top-level domain down: the `*.` rules of each
  /// parent domain, then the host's own rules. The first deny rule that matches blocks;
  /// otherwise the first allow rule that matched allows. (They are visited the other way
  /// round, nearest first, keeping the last match of each kind.)
  ///
  /// A path that servers read differently is judged every way they read it, and the
  /// strictest verdict wins: a deny rule that matches any reading blocks, and the URL is
  /// allowed only if every reading is. Two readings are added to the path as written:
  ///
  /// - the lenient one: an encoded `%2F` or `%5C` read as `/`, `;` parameters dropped;
  /// - the folded one, judged with the rules' literals folded alike: every escape decoded
  ///   until none is left (`%2561` is `a`), a decoded NUL ending the path, the text mapped by
  ///   NFKC_Casefold (UAX #15: `ａdmin`, `ADMIN` and `ſ` become `admin` and `s`, fullwidth
  ///   `．．／` becomes `../`), trailing dots and spaces of a segment dropped and dot segments
  ///   resolved, as double-decoding, Windows ("best-fit") and case-insensitive servers read it.
  ///   A deny rule for `/admin` also blocks `/ADMIN`, `/admin.`, `/%2561dmin` and `/ａdmin`.
  ///
  /// Every reading is judged for deny rules before any verdict is given: a deny rule that
  /// matches one blocks, whatever the others say. A reading that cannot be made (a path with
  /// more than 30 combining marks in a row, which no one writes and which costs time to
  /// compose that grows with the square of the run) is blocked by the first deny rule with a
  /// path that names the URL's host, since that rule could match it; with none, it is not
  /// allowed.
  ///
  /// An allow rule allows no path that holds a character whose NFKC or
  /// NFKC_Casefold form holds ASCII (`ſ`, the Kelvin sign, fullwidth `ａ` and `／`, `𝐚`, `ⅰ`):
  /// servers disagree on what it reads as, so
  /// no allow rule may be climbed out of with one.
  public func verdict(for url: EligibleURL) -> URLVerdict {
    var readsPath = false
    let written = judge(url, path: url.path, patterns: compiled.patterns, readsPath: &readsPath)
    // Only a rule with a path can tell two readings of the path apart.
    guard readsPath, !written.isBlocked else { return written }
    var others: [(path: String, verdict: URLVerdict)] = []
    if let lenient = Self.lenientReading(of: url.path) {
      others.append((lenient, judge(url, path: lenient, patterns: compiled.patterns, readsPath: &readsPath)))
    }
    let folded: [String]
    do {
      folded = try Self.foldedReadings(of: url.path)
    } catch {
      if let rule = firstDenyRuleWithPath(for: url) { return .blocked(rule: rule) }
      return .notAllowed(reason: "its path holds more than \(OverlongCombiningRun.limit) combining marks in a row")
    }
    // Rules whose literals fold judge even a path with nothing to fold folded: a deny rule
    // for `/Admin` also blocks `/admin`.
    for reading in folded.isEmpty && compiled.foldsLiterals ? [url.path] : folded {
      others.append((reading, judge(url, path: reading, patterns: compiled.foldedPatterns, readsPath: &readsPath)))
    }
    if let blocked = others.first(where: { $0.verdict.isBlocked }) { return blocked.verdict }
    if written.isAllowed, let refused = others.first(where: { !$0.verdict.isAllowed }) {
      return stricter(refused.verdict, reading: refused.path, of: url)
    }
    // Checked last: only a path that every reading allows pays for it.
    if written.isAllowed, let letter = Self.asciiLookalike(in: url.path) {
      return .notAllowed(
        reason: "its path holds \"\(letter)\" (U+\(Self.hex(letter))), which servers may read as ASCII")
    }
    return written
  }

  /// The first deny rule with a path that names `url`'s scheme, host and port (whatever its
  /// path), or `nil`: what blocks a URL whose path cannot be read.
  private func firstDenyRuleWithPath(for url: EligibleURL) -> String? {
    var readsPath = false
    let verdict = judge(url, path: url.path, patterns: compiled.patterns, readsPath: &readsPath, anyPath: true)
    guard case .blocked(let rule) = verdict else { return nil }
    return rule
  }

  /// `U+017F`'s hex digits.
  private static func hex(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The verdict when another reading of the path is not allowed: its deny rule, or a
  /// refusal naming the reading.
  private func stricter(_ verdict: URLVerdict, reading: String, of url: EligibleURL) -> URLVerdict {
    guard case .notAllowed = verdict else { return verdict }
    return .notAllowed(reason: "no allow rule matches \(url.host)\(reading), as servers may read \(url.path)")
  }

  /// The verdict for one reading of the URL's path, judged by `patterns`; `readsPath`
  /// becomes `true` if a rule with a path was consulted.
  /// With `anyPath`, only deny rules with a path are judged, each as if it matched the path.
  private func judge(
    _ url: EligibleURL, path: String, patterns: [URLPattern], readsPath: inout Bool, anyPath: Bool = false
  ) -> URLVerdict {
    let isPlainWebURL = url.port == nil && (url.scheme == "https" || url.scheme == "http")
    // Only indices are kept: copying patterns cost more than the lookup.
    var denied: Int32 = -1
    var allowed: Int32 = -1
    var next: Int32 = -1
    withUTF8(of: url.host) { host in
      if let own = compiled.domains.index(of: host) {
        visit(
          compiled.domainList[Int(own)].exact, for: url, path, patterns, isPlainWebURL, anyPath, &denied, &allowed,
          &readsPath)
        next = compiled.domainList[Int(own)].parent
      } else {
        next = Self.firstParent(of: host, in: compiled.domains) ?? -1
      }
    }
    while next >= 0 {
      visit(
        compiled.domainList[Int(next)].subdomains, for: url, path, patterns, isPlainWebURL, anyPath, &denied,
        &allowed, &readsPath)
      next = compiled.domainList[Int(next)].parent
    }
    if denied >= 0 { return .blocked(rule: compiled.descriptions[Int(denied)]) }
    if allowed >= 0 { return .allowed(rule: compiled.descriptions[Int(allowed)]) }
    return .notAllowed(reason: "no allow rule matches \(url.host)")
  }

  /// Visits the entries in `run` last first, keeping the last deny and allow rules that match:
  /// so the first of each, in the order the rules were written. `path` is the reading of the
  /// URL's path being judged, and `patterns` the compiled patterns it is judged by (folded
  /// for the folded reading); `readsPath` becomes `true` if a rule with a path is visited.
  private func visit(
    _ run: Range<Int32>, for url: EligibleURL, _ path: String, _ patterns: [URLPattern], _ isPlainWebURL: Bool,
    _ anyPath: Bool, _ denied: inout Int32,
    _ allowed: inout Int32, _ readsPath: inout Bool
  ) {
    var index = run.upperBound
    while index > run.lowerBound {
      index -= 1
      let entry = compiled.entries[Int(index)]
      let admits: Bool
      let denies = entry.rule >= compiled.firstDenyRule
      if anyPath {
        admits =
          denies && entry.pattern >= 0 && patterns[Int(entry.pattern)].path != nil
          && patterns[Int(entry.pattern)].admits(url, path: "", denies: true, anyPort: true, anyPath: true)
      } else if entry.pattern < 0 {
        // A deny rule names a host whatever the port; an allow rule only its default port.
        admits = isPlainWebURL || (denies && (url.scheme == "https" || url.scheme == "http"))
      } else {
        if patterns[Int(entry.pattern)].path != nil { readsPath = true }
        admits = patterns[Int(entry.pattern)].admits(url, path: path, denies: denies, anyPort: denies)
      }
      guard admits else { continue }
      if denies { denied = entry.rule } else { allowed = entry.rule }
    }
  }
}

extension Allowlist {
  /// A compiled list: the host index and the rules a verdict reads.
  final class Compiled: Sendable {
    /// Every domain a rule names, as written in the rule (normalized), to its index in
    /// `domainList`. A check looks up the host, then its parent domains from the longest, and
    /// stops at the first it finds: from there, `parent` links lead to every parent domain
    /// with `*.` rules.
    let domains: DomainTable
    let domainList: [Domain]
    /// The rules, grouped by domain (exact rules, then `*.` rules), in document order in each.
    let entries: [Entry]
    /// Every rule as written, in document order: allow rules, then deny rules.
    let descriptions: [String]
    /// The rules that name more than a host (a scheme, a port or a path), parsed.
    let patterns: [URLPattern]
    /// `patterns` with their literal path segments folded as a forgiving server folds a
    /// path: what the folded reading of a path is judged by.
    let foldedPatterns: [URLPattern]
    /// Whether folding changed a literal in `patterns`: then even a path with nothing to
    /// fold is judged folded (a deny rule for `/Admin` also blocks `/admin`).
    let foldsLiterals: Bool
    /// The first deny rule's index in `descriptions`.
    let firstDenyRule: Int32
    /// Whether any deny rule exists: only then are a link's other readings judged.
    var hasDenyRules: Bool { Int(firstDenyRule) < descriptions.count }
    let permittedPorts: Set<Int>

    init(_ compiler: Compiler, firstDenyRule: Int) {
      (domainList, entries) = compiler.domainsAndEntries()
      domains = compiler.domains
      descriptions = compiler.descriptions
      patterns = compiler.patterns
      var foldedPatterns: [URLPattern] = []
      foldedPatterns.reserveCapacity(patterns.count)
      var foldsLiterals = false
      for pattern in patterns {
        let folded = pattern.foldingPath()
        if folded != nil { foldsLiterals = true }
        foldedPatterns.append(folded ?? pattern)
      }
      self.foldedPatterns = foldedPatterns
      self.foldsLiterals = foldsLiterals
      permittedPorts = compiler.ports
      self.firstDenyRule = Int32(firstDenyRule)
    }
  }
}
