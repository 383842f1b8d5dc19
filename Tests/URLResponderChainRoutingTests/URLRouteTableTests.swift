import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting
import URLResponderChainTesting

@Suite struct URLRouteTableTests {
  enum Route: Sendable, Equatable { case youTube, inApp, video }

  private let routes = try! URLRouteTable<Route>([
    ("https://youtu.be/:id", .youTube),
    ("*.youtube.com/watch", .youTube),
    ("example.com", .inApp),
    ("*.example.com", .inApp),
    ("example.com/videos/:id", .video),
    ("example.com/videos/featured", .inApp),
  ])

  private func route(_ string: String) -> (Route, [String: String], String?)? {
    guard let url = URL(string: string), let (action, match) = routes.route(url) else { return nil }
    return (action, match.parameters, match.queryValue("v"))
  }

  @Test func theSeedArticlesExampleRoutesEachLink() {
    #expect(route("https://youtu.be/dQw4w9WgXcQ")?.0 == .youTube)
    #expect(route("https://youtu.be/dQw4w9WgXcQ")?.1 == ["id": "dQw4w9WgXcQ"])
    #expect(route("https://www.youtube.com/watch?v=abc")?.2 == "abc")
    #expect(route("https://docs.example.com/guide")?.0 == .inApp)
    #expect(route("https://swift.org") == nil)
    #expect(route("mailto:a@example.com") == nil)
  }

  @Test func literalsBeatPlaceholdersWhateverTheOrder() {
    #expect(route("https://example.com/videos/featured")?.0 == .inApp)
    #expect(route("https://example.com/videos/42")?.0 == .video)
    #expect(route("https://example.com/videos/42")?.1 == ["id": "42"])
  }

  @Test func hostileURLsMatchNoRoute() {
    #expect(route("https://youtu.be.evil.com/x") == nil)
    #expect(route("https://example.com@evil.com/") == nil)
    #expect(route("http://youtu.be\\@evil.com/x") == nil)
    #expect(route("javascript://example.com/%0Aalert(1)") == nil)
  }

  @Test func badPatternsAreReportedByRowInTheTablesOwnError() {
    #expect {
      try URLRouteTable<Route>([("ok.com", .inApp), ("*.com", .inApp), ("a.com/*/b", .video)])
    } throws: { error in
      (error as? URLRouteTableError)?.problems.map(\.row) == [1, 2]
    }
  }

  @MainActor
  @Test func aHandlerUsesTheDecisionTable() async throws {
    final class Topic: TestViewController, AsyncURLHandler {
      let policy = try! URLRouteTable<URLHandlingDecision>([
        ("*.ads.example.com", .discarded(reason: "ads are blocked")),
        ("example.com/*", .handled),
      ])
      func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision { policy.decision(for: url) }
    }
    let app = TestApplication()
    let topic = Topic(name: "topic")
    app.makeWindow(rootViewController: topic)
    let link = TestView(name: "link")
    topic.view.addSubview(link)
    #expect(await link.propagateURL(try #require(URL(string: "https://example.com/a"))).outcome == .handled)
    #expect(
      await link.propagateURL(try #require(URL(string: "https://x.ads.example.com"))).outcome
        == .discarded(reason: "ads are blocked"))
    #expect(await link.propagateURL(try #require(URL(string: "https://swift.org"))).outcome == .handled)
    #expect(app.systemOpener.openedURLs.map(\.absoluteString) == ["https://swift.org"])
  }
}

/// Issue 68, 12: a path a server reads as a more specific route never reaches a catch-all.
@Suite struct RouteReadingBoundaryTests {
  @Test(arguments: ["/a;%00/admin", "/a%3Bx%00/admin", "/a%3B/admin"])
  func aParameterOrANULNeverLeadsPastTheRowItHides(path: String) throws {
    let routes = try URLRouteTable<String>([("example.org/a/admin", "admin"), ("example.org/*", "catch-all")])
    let route = routes.route(try #require(URL(string: "https://example.org" + path)))
    #expect(route?.action != "catch-all", "\(path): \(String(describing: route?.action))")
  }
}
