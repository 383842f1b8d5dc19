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
    var ports: Set<Int> = []
    var appSchemes: Set<String> = []
    for pattern in parsed {
      if let port = pattern.port { ports.insert(port) }
      if let scheme = pattern.scheme, scheme != "http", scheme != "https" { appSchemes.insert(scheme) }
    }
    self.ports = ports
    self.appSchemes = appSchemes
  }

  /// The rank of the most specific pattern matching `url`, with what it captured.
  func firstMatch(_ url: URL) -> (rank: Int, match: URLPatternMatch)? {
    guard let eligible = eligible(url) else { return nil }
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
