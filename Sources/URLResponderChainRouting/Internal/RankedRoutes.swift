import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// The patterns of a ``URLRouteTable``, parsed, ranked and indexed: everything about a
/// table but its actions, in code that is not generic, so that building a table of any
/// `Action` runs specialized code.
struct RankedRoutes: Sendable {
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

  /// Parses and ranks `texts`, one pattern per row.
  ///
  /// - Throws: ``URLRouteTableError`` naming every bad pattern by row.
  init(_ texts: [String]) throws(URLRouteTableError) {
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
    guard problems.isEmpty else { throw URLRouteTableError(problems: problems) }
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
    // Candidates in order of precedence; the first that matches in full wins.
    for candidate in index.candidates(host: eligible.host, path: eligible.path).sorted() {
      if let match = patterns[Int(candidate)].match(eligible) { return (Int(candidate), match) }
    }
    return nil
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
