import Foundation
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting
import URLResponderChainTesting

/// A placeholder takes a segment only when its escapes spell text one way, and captures
/// exactly that text; a route table reads a path as an allowlist does.
@Suite struct RoutePercentEncodingTests {
  /// Placeholder values, decoded exactly: a segment that reads two ways does not match.
  @Test(arguments: [
    "https://example.com/files/%FF", "https://example.com/files/%C0%AE%C0%AE", "https://example.com/files/%ED%A0%80",
    "https://example.com/files/%C2%85", "https://example.com/files/a%C2%9Fb", "https://example.com/files/%F4%90%80%80",
  ])
  func aPlaceholderThatDoesNotDecodeToTextDoesNotMatch(url: String) throws {
    let table = try URLRouteTable([("https://example.com/files/:name", "file")])
    #expect(table.route(try #require(URL(string: url))) == nil)
  }

  @Test(arguments: [
    ("https://example.com/files/%25FF", "%FF"),
    ("https://example.com/files/caf%c3%a9", "café"),
    ("https://example.com/files/e%CC%81", "e\u{301}"),
  ])
  func aPlaceholderCapturesExactlyTheTextItsEscapesSpell(url: String, value: String) throws {
    let table = try URLRouteTable([
      ("https://example.com/files/:name", "file"), ("https://example.com/files/admin", "admin"),
    ])
    let link = try #require(URL(string: url))
    let route = try #require(table.route(link))
    #expect(route.action == "file")
    #expect(route.match.parameters["name"].map { Array($0.unicodeScalars) } == Array(value.unicodeScalars))
  }

  /// A byte-order mark that NFKC_Casefold removes, or a fullwidth letter, makes a reading
  /// that another row's literal takes: the readings disagree, so no route matches.
  @Test(arguments: ["https://example.com/files/%EF%BB%BFadmin", "https://example.com/files/ad%C2%ADmin"])
  func aPlaceholderValueThatReadsAsAnotherRowsLiteralMatchesNoRoute(url: String) throws {
    let table = try URLRouteTable([
      ("https://example.com/files/:name", "file"), ("https://example.com/files/admin", "admin"),
    ])
    #expect(table.route(try #require(URL(string: url))) == nil)
  }

  /// A lenient server reads `a%2Fb` as two segments, which no route of one placeholder takes:
  /// the readings disagree, so no web link matches (a route table reads a path as an
  /// allowlist, for the server behind the in-app browser).
  @Test func aPlaceholderSegmentThatALenientServerSplitsMatchesNoWebRoute() throws {
    let table = try URLRouteTable([("https://example.com/files/:name", "file")])
    #expect(table.route(try #require(URL(string: "https://example.com/files/a%2Fb"))) == nil)
    let web = try URLRouteTable([("https://example.com/web/:URLString", "web")])
    #expect(web.route(try #require(URL(string: "https://example.com/web/http%3A%2F%2Ffoobar.com%2Fbaz"))) == nil)
  }

  /// JLRoutes passes a URL as one parameter: `web/:URLString` with
  /// `/web/http%3A%2F%2Ffoobar.com%2Fbaz`. An app's own link has no server in front of it, so
  /// a placeholder captures an encoded slash whenever no reading leads to another row.
  @Test func aPlaceholderOfTheAppsOwnSchemeCapturesAnEncodedSlash() throws {
    let table = try URLRouteTable([("myapp://web/:URLString", "web")])
    let link = try #require(URL(string: "myapp://web/http%3A%2F%2Ffoobar.com%2Fbaz"))
    let route = try #require(table.route(link))
    #expect(route.action == "web")
    #expect(route.match.parameters["URLString"] == "http://foobar.com/baz")
  }

  /// ...but not when a reading of the path leads to another row: the row the slash would
  /// reach is the one a reader may take.
  @Test(arguments: ["myapp://files/admin%2Fx", "myapp://files/a%2F..%2Fadmin%2Fx", "myapp://files/ADMIN%2Fx"])
  func anEncodedSlashThatLeadsToAnotherRowMatchesNoRoute(link: String) throws {
    let table = try URLRouteTable([("myapp://files/:name", "file"), ("myapp://files/admin/*", "admin")])
    #expect(table.route(try #require(URL(string: link))) == nil, "\(link)")
  }
}

/// A universal link that opened the app is read by the app alone, as a link of its own
/// scheme is (issue 71, 11); one tapped in content is read as a server reads it.
@MainActor
@Suite struct InboundUniversalLinkRouteTests {
  private let link = URL(string: "https://app.example.com/web/http%3A%2F%2Ffoobar.com%2Fbaz")!

  private func context(inbound: Bool) -> URLHandlingContext {
    URLHandlingContext(
      originalURL: link, origin: TestResponder(name: "origin"), hop: 0,
      inboundSourceName: inbound ? "universal link" : nil,
      isDryRun: false)
  }

  @Test func anInboundUniversalLinkCapturesAnEncodedSlash() throws {
    let table = try URLRouteTable([("https://app.example.com/web/:URLString", "web")])
    let route = try #require(table.route(link, context: context(inbound: true)))
    #expect(route.match.parameters["URLString"] == "http://foobar.com/baz")
    #expect(table.route(link, context: context(inbound: false)) == nil)
    #expect(table.route(link) == nil)
  }

  /// ...but a reading that leads to another row still matches no route, and a decision
  /// table still discards what servers may read as another row.
  @Test func aReadingThatLeadsToAnotherRowStillMatchesNoRoute() throws {
    let table = try URLRouteTable([
      ("https://app.example.com/files/:name", "file"), ("https://app.example.com/files/admin/*", "admin"),
    ])
    let climbing = try #require(URL(string: "https://app.example.com/files/admin%2Fx"))
    #expect(table.route(climbing, context: context(inbound: true)) == nil)
    let policy = try URLRouteTable<URLHandlingDecision>([
      ("https://app.example.com/files/:name", .handled),
      ("https://app.example.com/files/admin/*", .discarded(reason: "admin")),
    ])
    guard case .discarded = policy.decision(for: climbing) else {
      Issue.record("\(policy.decision(for: climbing))")
      return
    }
  }
}
