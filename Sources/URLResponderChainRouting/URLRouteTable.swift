public import Foundation
public import URLResponderChainAllowlist
public import URLResponderChainCore

/// An ordered table of route patterns and what to do for each, for use inside a `URLHandler`.
///
/// The most specific matching pattern wins; among equally specific patterns the earlier row
/// wins. URLs that are not eligible (see `EligibleURL`) match no route. Rows are indexed by
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
/// (see `InboundLinkDispatcher`); such URLs pass the same safety rules as web URLs, and a
/// pattern without a scheme never matches them.
///
/// **Every reading of a path.** A path is read as servers and routers read it (a router's
/// placeholders, a lenient server's `%2F` as `/`, the folded reading: see `Allowlist`), and
/// a link whose readings lead to different rows matches no route. A web link is loaded from
/// a server, so a reading that no row takes disagrees too; a link of the app's own scheme is
/// read by the app alone, so there a placeholder captures an encoded slash unless a reading
/// leads to another row (`myapp://web/:url` takes `http%3A%2F%2Ffoobar.com%2Fbaz`), and
/// never a dot segment (`..%2F..%2Fsecret` matches no route: an app that reads the value as a
/// file name would climb out of its folder). A typed
/// placeholder's value that `==` the value of another row's literal in its place (`-0.0` for
/// a `Double` row `price/0.0`) matches no route either.
///
/// A typical app's table — YouTube links in the YouTube app, profiles on the app's own
/// screen, every other link on up the chain, where the declared `LinkPolicy` decides:
///
/// ```swift
/// enum Route: Sendable { case youTube, user }
/// let routes = try URLRouteTable<Route>(
///   [("https://youtu.be/:video", .youTube), ("*.youtube.com/watch", .youTube), ("example.com/users/:id", .user)],
///   parameterTypes: ["id": Int.self])
///
/// func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///   switch routes.route(url) {
///   case let (.youTube, match)?: openInYouTube(match.parameters["video"] ?? match.queryValue("v"))
///   case let (.user, match)?: showUser(match.parameter("id", as: Int.self) ?? 0)
///   case nil: return .notHandled          // the declared policy says where it opens
///   }
///   return .handled                       // taken: the handler opened it
/// }
/// ```
public struct URLRouteTable<Action: Sendable>: Sendable {
  /// The patterns, ranked and indexed.
  private let routes: RankedRoutes
  /// Each ranked pattern's action.
  private let actions: [Action]
  /// The `.discarded` rows of a decision table, judged as deny rules; `nil` for any other.
  private let discardingRows: DiscardingRows?

  /// Builds a table from patterns and actions, in order.
  ///
  /// - Parameters:
  ///   - rows: Each route's pattern and action.
  ///   - parameterTypes: The type a placeholder's value (percent-decoded) must convert to, by
  ///     placeholder name, in every route that has it (`["id": Int.self]`). A route whose value does not
  ///     convert does not match, and the next route in precedence may. Defaults to none.
  /// - Throws: ``URLRouteTableError`` naming every bad pattern by row and every parameter
  ///   type that names no placeholder; no table is built if any is bad.
  public init(
    _ rows: [(String, Action)], parameterTypes: [String: any URLRouteParameter.Type] = [:]
  ) throws(URLRouteTableError) {
    // Plain loops, no closures: in this generic code each call of a closure over the rows
    // looks up their tuple type at run time.
    var texts: [String] = []
    var written: [Action] = []
    texts.reserveCapacity(rows.count)
    written.reserveCapacity(rows.count)
    for (text, action) in rows {
      texts.append(text)
      written.append(action)
    }
    routes = try RankedRoutes(texts, parameterTypes: parameterTypes)
    var actions: [Action] = []
    actions.reserveCapacity(rows.count)
    for row in routes.rows { actions.append(written[row]) }
    self.actions = actions
    discardingRows = DiscardingRows(rows)
  }

  /// The number of routes.
  public var count: Int { actions.count }

  /// The action of the most specific route matching `url`, with what it captured.
  ///
  /// A path is read every way servers read it, as an `Allowlist` reads it: as written, as a
  /// lenient server reads it (`%2F` as `/`, `;` parameters dropped), folded (escapes decoded
  /// until none is left, case, trailing dots and spaces ignored), and as a router fills a
  /// placeholder (with any non-empty segment). When the readings lead to different routes,
  /// no route matches: `/ADMIN/x`, `/admin;x/y` and `/%2561dmin/x` never reach `example.com/*`
  /// past `example.com/admin/*`.
  ///
  /// - Returns: `nil` when no route matches, the readings disagree, or the URL is not eligible.
  public func route(_ url: URL) -> (action: Action, match: URLPatternMatch)? {
    guard case .matched(let rank, let match) = routes.lookup(url) else { return nil }
    return (actions[rank], match)
  }

  /// ``route(_:)`` for a handler, which knows how the link came: an inbound link (a universal
  /// link that opened the app, `URLHandlingContext.isInbound`) is read
  /// by the app alone, with no server in front of it, as a link of the app's own scheme is. So
  /// `app.example.com/web/:URLString` takes the universal link
  /// `https://app.example.com/web/http%3A%2F%2Ffoobar.com%2Fbaz`, with `URLString`
  /// `http://foobar.com/baz`, unless a reading leads to another row; a link tapped in the
  /// app's content is read as ``route(_:)`` reads it.
  ///
  /// ```swift
  /// final class WebPageRouter: ResponderChainNode, URLHandler {
  ///   let nextNode: (any ResponderChainNode)? = nil
  ///   let routes = try! URLRouteTable([("https://app.example.com/web/:URLString", "web page")])
  ///
  ///   func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
  ///     guard let (_, match) = routes.route(url, context: context), let page = match.parameters["URLString"]
  ///     else { return .notHandled }
  ///     showBanner(page)  // the app shows the page itself: it took the link
  ///     return .handled
  ///   }
  /// }
  /// ```
  public func route(_ url: URL, context: URLHandlingContext) -> (action: Action, match: URLPatternMatch)? {
    guard case .matched(let rank, let match) = routes.lookup(url, readByTheAppAlone: context.isInbound) else {
      return nil
    }
    return (actions[rank], match)
  }

}

extension URLRouteTable where Action == URLHandlingDecision {
  /// The decision of the most specific matching route; `URLHandlingDecision.notHandled` when
  /// no route matches; `.discarded` when servers may read the path as another route than
  /// the one it is written for (see ``route(_:)``), since a table used as a policy must not
  /// let a spelling of a blocked path through.
  ///
  /// A `.discarded` row is also a deny rule, as in an `Allowlist`: a link that matches no
  /// route as written, but that a browser loads from a host and path the row names
  /// (`https://user@x.ads.example.com/`, `https://x.ads.example.com:8443/`,
  /// `https://x.%61ds.example.com/`, or a web link wrapped in another app's scheme), is
  /// discarded by it.
  ///
  /// ```swift
  /// let policy = try URLRouteTable<URLHandlingDecision>([
  ///   ("*.ads.example.com", .discarded(reason: "ads are blocked")),
  ///   ("example.com/downloads/*", .systemAction),
  /// ])
  /// ```
  public func decision(for url: URL) -> URLHandlingDecision {
    switch routes.lookup(url) {
    case .matched(let rank, _): actions[rank]
    case .none: discardingRows?.decision(for: url) ?? .notHandled
    case .ambiguous(let reason): .discarded(reason: reason)
    }
  }
}
