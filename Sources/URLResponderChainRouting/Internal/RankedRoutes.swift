import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// The patterns of a ``URLRouteTable``, parsed, ranked and indexed: everything about a
/// table but its actions, in code that is not generic, so that building a table of any
/// `Action` runs specialized code. A class: it is never changed, and a table then copies
/// one reference.
final class RankedRoutes: Sendable {
  /// The patterns in order of precedence: most specific first, then as written.
  let patterns: [URLPattern]
  /// Each ranked pattern's row in the table as given.
  let rows: [Int]
  /// `patterns`, indexed by host and path segment.
  private let index: RouteIndex
  /// `patterns` with their literal segments folded as the folded reading of a path is
  /// (`Allowlist`'s), and their index; `nil` when folding changes no literal.
  private let folded: (patterns: [URLPattern], index: RouteIndex)?
  /// Whether a pattern has a placeholder: only then can a router's reading differ.
  private let hasPlaceholders: Bool
  /// Every explicit port a pattern names: those URLs may carry.
  private let ports: Set<Int>
  /// The app schemes the patterns name.
  private let appSchemes: Set<String>
  /// The type each typed placeholder's value must convert to.
  private let parameterTypes: [String: any URLRouteParameter.Type]

  /// Parses and ranks `texts`, one pattern per row.
  ///
  /// - Throws: ``URLRouteTableError`` naming every bad pattern by row, and every parameter
  ///   type that names no placeholder.
  init(_ texts: [String], parameterTypes: [String: any URLRouteParameter.Type]) throws(URLRouteTableError) {
    var parsed: [URLPattern] = []
    parsed.reserveCapacity(texts.count)
    var problems: [URLRouteTableError.Problem] = []
    for (row, text) in texts.enumerated() {
      do throws(URLPatternError) {
        parsed.append(try URLPattern(text, allowsAppSchemes: true))
      } catch {
        problems.append(.init(row: row, pattern: text, reason: error.description))
      }
    }
    var placeholders: Set<String> = []
    for pattern in parsed {
      for case .placeholder(let name) in pattern.path ?? [] { placeholders.insert(name) }
    }
    // In name order, so the error reads the same every run; sorted as indices, with the same
    // code that ranks the patterns below.
    let names = Array(parameterTypes.keys)
    for name in names.indices.sorted(by: { names[$0] < names[$1] }).map({ names[$0] })
    where !placeholders.contains(name) {
      problems.append(.init(row: nil, pattern: name, reason: "no route has this placeholder"))
    }
    guard problems.isEmpty else { throw URLRouteTableError(problems: problems) }
    self.parameterTypes = parameterTypes
    // Most specific first (the rule on URLPattern.specificity), then as written.
    let ranks = parsed.map(RouteRank.init)
    rows = parsed.indices.sorted { lhs, rhs in
      ranks[rhs].isLessSpecific(than: ranks[lhs]) || (!ranks[lhs].isLessSpecific(than: ranks[rhs]) && lhs < rhs)
    }
    patterns = rows.map { parsed[$0] }
    index = RouteIndex(patterns)
    var foldedPatterns: [URLPattern] = []
    var foldsLiterals = false
    for pattern in patterns {
      let folding = pattern.foldingPath()
      if folding != nil { foldsLiterals = true }
      foldedPatterns.append(folding ?? pattern)
    }
    folded = foldsLiterals ? (foldedPatterns, RouteIndex(foldedPatterns)) : nil
    hasPlaceholders = !placeholders.isEmpty
    var ports: Set<Int> = []
    var appSchemes: Set<String> = []
    for pattern in parsed {
      if let port = pattern.port { ports.insert(port) }
      if let scheme = pattern.scheme, scheme != "http", scheme != "https" { appSchemes.insert(scheme) }
    }
    self.ports = ports
    self.appSchemes = appSchemes
  }

  /// How a lookup ended.
  enum Lookup {
    /// The rank of the most specific pattern matching the URL, with what it captured.
    case matched(rank: Int, match: URLPatternMatch)
    /// No route matches, or the URL is not eligible.
    case none
    /// Servers may read the path as another route than the one it is written for (why).
    case ambiguous(reason: String)
  }

  /// The most specific pattern matching `url`, read every way servers read its path.
  ///
  /// Routes read a path as an allowlist does (one reading of a path): the path as written,
  /// as a lenient server reads it (`%2F` as `/`, `;` parameters dropped), folded (escapes
  /// decoded until none is left, case and trailing dots and spaces ignored, NFC), and as a
  /// router takes a segment into a placeholder (any non-empty segment, text or not). The
  /// route is the written reading's; when another reading leads to another route (or to
  /// none), the lookup is ambiguous, so a table used as a policy never lets `/ADMIN/x`,
  /// `/admin;x/y` or `/%2561dmin/x` past the row for `/admin/*`.
  ///
  /// With `readByTheAppAlone`, a web link is read as a link of the app's own scheme is: an
  /// inbound universal link, which the app opens itself, with no server in front of it.
  func lookup(_ url: URL, readByTheAppAlone appAlone: Bool = false) -> Lookup {
    guard let eligible = eligible(url) else { return .none }
    let written = firstMatch(eligible)
    let rank = written?.rank
    let path = eligible.path
    // A web link is loaded from a server, which may read it another way: a reading that no
    // row takes means the link is not what the written path's row takes. A link of the app's
    // own scheme is read by the app alone: only a reading that another row takes disagrees,
    // so `myapp://web/:url` captures `http%3A%2F%2Ffoobar.com%2Fbaz` (JLRoutes' case).
    let readByTheAppAlone = appAlone || appSchemes.contains(eligible.scheme)
    func disagrees(_ reading: Int?) -> Bool { reading != rank && (reading != nil || !readByTheAppAlone) }
    if hasPlaceholders, disagrees(bestRank(eligible, path: path, patterns: patterns, index: index)) {
      return .ambiguous(reason: "a router takes a segment of \(path) that a placeholder refuses")
    }
    if let lenient = Allowlist.lenientReading(of: path),
      disagrees(bestRank(eligible, path: lenient, patterns: patterns, index: index))
    {
      return .ambiguous(reason: "servers may read \(path) as \(lenient)")
    }
    let foldedPaths: [String]
    do {
      foldedPaths = try Allowlist.foldedReadings(of: path)
    } catch {
      return .ambiguous(reason: "\(path) holds a long run of combining marks")
    }
    if !foldedPaths.isEmpty || folded != nil {
      let (foldedPatterns, foldedIndex) = folded ?? (patterns, index)
      for reading in foldedPaths.isEmpty ? [path] : foldedPaths
      where disagrees(bestRank(eligible, path: reading, patterns: foldedPatterns, index: foldedIndex)) {
        return .ambiguous(reason: "servers may read \(path) as \(reading)")
      }
    }
    if let letter = Allowlist.asciiLookalike(in: path) {
      return .ambiguous(reason: "\(path) holds \"\(letter)\", which servers may read as ASCII")
    }
    guard let written else { return .none }
    if let literal = literalOfEqualValue(to: written.match, rank: written.rank) {
      return .ambiguous(reason: "\(path) holds a value equal to \"\(literal)\", another route's literal")
    }
    return .matched(rank: written.rank, match: written.match)
  }

  /// The literal of another row that a typed placeholder of `match`'s row holds a value equal
  /// to (`==`), where that row would take the URL with the literal in the value's place, or
  /// `nil`. The rule is about values, not spellings: with `price/0.0` and `price/:p` (a
  /// `Double`), `-0.0` is `0.0`, and reaches neither row.
  private func literalOfEqualValue(to match: URLPatternMatch, rank: Int) -> String? {
    guard !parameterTypes.isEmpty, let segments = patterns[rank].path else { return nil }
    let parts = match.url.path.split(separator: "/").map(String.init)
    for (position, segment) in segments.enumerated() where position < parts.count {
      guard case .placeholder(let name) = segment, let type = parameterTypes[name],
        let value = match.parameters[name].flatMap(type.init(routeParameter:))
      else { continue }
      for (other, pattern) in patterns.enumerated() where other != rank {
        guard let otherSegments = pattern.path, position < otherSegments.count,
          case .literal(let literal) = otherSegments[position], pattern.matchesHost(match.url.host),
          let literalValue = URLPattern.placeholderValue(Substring(literal)).flatMap(type.init(routeParameter:)),
          Self.areEqual(value, literalValue)
        else { continue }
        var replaced = parts
        replaced[position] = literal
        if pattern.admits(match.url, path: "/" + replaced.joined(separator: "/")) { return literal }
      }
    }
    return nil
  }

  /// Whether two values of one parameter type are equal, for a type that is `Equatable`.
  private static func areEqual(_ lhs: any URLRouteParameter, _ rhs: any URLRouteParameter) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
  }

  /// The rank of the most specific pattern matching `url` as written, with what it captured.
  private func firstMatch(_ eligible: EligibleURL) -> (rank: Int, match: URLPatternMatch)? {
    // The candidate of highest precedence (the lowest rank) that matches in full wins. They
    // arrive in the index's order, so each is tried unless one of higher precedence already
    // matched: no sorting, and no pattern after the winner is matched in vain.
    var best: (rank: Int, match: URLPatternMatch)?
    for candidate in index.candidates(host: eligible.host, path: eligible.path) {
      let rank = Int(candidate)
      if let best, best.rank < rank { continue }
      if let match = patterns[rank].match(eligible), converts(match) { best = (rank, match) }
    }
    return best
  }

  /// The rank of the most specific of `patterns` that a router would route `path` (a reading
  /// of `url`'s path) to: a placeholder takes any non-empty segment, and a typed one a
  /// segment whose text converts to its type.
  private func bestRank(_ url: EligibleURL, path: String, patterns: [URLPattern], index: RouteIndex) -> Int? {
    var best: Int?
    for candidate in index.candidates(host: url.host, path: path) {
      let rank = Int(candidate)
      if let best, best < rank { continue }
      if routes(url, path: path, to: patterns[rank]) { best = rank }
    }
    return best
  }

  /// Whether a router routes `url`, with `path` as its path, to `pattern`.
  private func routes(_ url: EligibleURL, path: String, to pattern: URLPattern) -> Bool {
    // The allowlist's reading for a deny rule: a placeholder takes any non-empty segment.
    guard pattern.matchesHost(url.host), pattern.admits(url, path: path, denies: true) else { return false }
    guard !parameterTypes.isEmpty, let segments = pattern.path else { return true }
    // A typed placeholder also needs a value that converts (both sides' segments line up).
    for (segment, part) in zip(segments, path.split(separator: "/")) {
      guard case .placeholder(let name) = segment, let type = parameterTypes[name] else { continue }
      guard let value = URLPattern.placeholderValue(part), type.init(routeParameter: value) != nil else { return false }
    }
    return true
  }

  /// Whether every typed placeholder's value converts to its type.
  private func converts(_ match: URLPatternMatch) -> Bool {
    guard !parameterTypes.isEmpty else { return true }
    for (name, value) in match.parameters {
      if let type = parameterTypes[name], type.init(routeParameter: value) == nil { return false }
    }
    return true
  }

  private func eligible(_ url: URL) -> EligibleURL? {
    let checked =
      appSchemes.isEmpty
      ? URLSafety.check(url, permittedPorts: ports)
      : URLSafety.check(url, customSchemes: appSchemes, permittedPorts: ports)
    guard case .success(let eligible) = checked else { return nil }
    return eligible
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
