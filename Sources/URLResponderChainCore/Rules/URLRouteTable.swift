public import Foundation

/// An ordered table of route patterns and what to do for each, for use inside a ``URLHandler``.
///
/// The most specific matching pattern wins; among equally specific patterns the earlier row
/// wins. URLs that are not eligible (see ``URLSafety``) match no route. Rows are indexed by
/// host and path segment, so a lookup costs the same with ten routes or ten thousand.
///
/// **Most specific wins**, compared in this order:
/// 1. an exact host beats a `*.` host; a longer host beats a shorter one;
/// 2. segment by segment, a literal beats a `:placeholder`;
/// 3. where one path ends and the other goes on, the path that ends beats a trailing `*`
///    (and a pattern without a path), and loses to a further literal or placeholder.
///
/// So for `example.com/docs`, `example.com/docs` beats `example.com/docs/*`, which beats
/// `example.com/*` and `example.com`. Empty path segments are insignificant: `/docs/` and
/// `//docs` match `example.com/docs`.
///
/// Patterns may name the app's own scheme (`myapp://document/:id`), which inbound links use
/// (see ``InboundLinkDispatcher``); such URLs pass the same safety rules as web URLs, and a
/// pattern without a scheme never matches them.
///
/// The seed article's example — YouTube links in the YouTube app, our own domains in-app,
/// everything else to the system:
///
/// ```swift
/// enum Route: Sendable { case youTube, inApp }
/// let routes = try URLRouteTable<Route>([
///   ("https://youtu.be/:id", .youTube),
///   ("*.youtube.com/watch", .youTube),
///   ("example.com", .inApp),
///   ("*.example.com", .inApp),
/// ])
///
/// func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///   switch routes.route(url) {
///   case let (.youTube, match)?: openInYouTube(match.parameters["id"] ?? match.queryValue("v"))
///   case (.inApp, _)?: presentSafari(url)
///   case nil: return .notHandled          // UIApplication opens it in Safari
///   }
///   return .handled
/// }
/// ```
public struct URLRouteTable<Action: Sendable>: Sendable {
  /// The rows in order of precedence: most specific first, then as written (`written` is
  /// the row's place in the table as given).
  private let ranked: [(pattern: URLPattern, action: Action, written: Int)]
  /// `ranked`, indexed by host and path segment.
  private let index: RouteIndex
  /// Every explicit port a pattern names: those URLs may carry.
  private let ports: Set<Int>
  /// The app schemes the patterns name.
  private let appSchemes: Set<String>

  /// Builds a table from patterns and actions, in order.
  ///
  /// - Throws: ``AllowlistError`` naming every bad pattern by index (reported as the
  ///   `allow` list); no table is built if any is bad.
  public init(_ rows: [(String, Action)]) throws(AllowlistError) {
    var parsed: [(URLPattern, Action)] = []
    var problems: [AllowlistError.Problem] = []
    for (index, row) in rows.enumerated() {
      do throws(URLPatternError) {
        parsed.append((try URLPattern(row.0, allowsAppSchemes: true), row.1))
      } catch {
        problems.append(.init(list: .allow, index: index, entry: row.0, reason: error.description))
      }
    }
    guard problems.isEmpty else { throw AllowlistError(problems: problems) }
    // Most specific first (the rule on URLPattern.specificity), then as written. (Closures,
    // not key paths: in this generic code a key path is looked up at run time, per row.)
    let scores = parsed.map { $0.0.specificity }
    ranked = parsed.indices.sorted { lhs, rhs in
      scores[rhs].lexicographicallyPrecedes(scores[lhs])
        || (!scores[lhs].lexicographicallyPrecedes(scores[rhs]) && lhs < rhs)
    }.map { (parsed[$0].0, parsed[$0].1, $0) }
    index = RouteIndex(ranked.map { $0.pattern })
    ports = Set(parsed.compactMap { $0.0.port })
    appSchemes = Set(parsed.compactMap { $0.0.scheme }.filter { $0 != "http" && $0 != "https" })
  }

  /// The number of routes.
  public var count: Int { ranked.count }

  /// The action of the most specific route matching `url`, with what it captured.
  ///
  /// - Returns: `nil` when no route matches or the URL is not eligible.
  public func route(_ url: URL) -> (action: Action, match: URLPatternMatch)? {
    guard let eligible = eligible(url) else { return nil }
    // Candidates in order of precedence; the first that matches in full wins.
    for candidate in index.candidates(host: eligible.host, path: eligible.path).sorted() {
      let row = ranked[Int(candidate)]
      if let match = row.pattern.match(eligible) { return (row.action, match) }
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

  /// The route found by trying every row, as the table did before it had an index: what
  /// the differential test compares ``route(_:)`` with.
  func routeByScanning(_ url: URL) -> (action: Action, match: URLPatternMatch)? {
    guard let eligible = eligible(url) else { return nil }
    var best: (pattern: URLPattern, action: Action, match: URLPatternMatch)?
    for row in ranked.sorted(by: { $0.written < $1.written }) {
      guard let match = row.pattern.match(eligible) else { continue }
      if let current = best, !row.pattern.isMoreSpecific(than: current.pattern) { continue }
      best = (row.pattern, row.action, match)
    }
    return best.map { ($0.action, $0.match) }
  }
}

extension URLRouteTable where Action == URLHandlingDecision {
  /// The decision of the most specific matching route, or ``URLHandlingDecision/notHandled``.
  ///
  /// ```swift
  /// let policy = try URLRouteTable<URLHandlingDecision>([
  ///   ("*.ads.example.com", .discard(reason: "ads are blocked")),
  ///   ("example.com/*", .handled),
  /// ])
  /// ```
  public func decision(for url: URL) -> URLHandlingDecision {
    route(url)?.action ?? .notHandled
  }
}
