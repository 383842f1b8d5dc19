import Foundation
import Testing
import URLResponderChainAllowlist
import URLResponderChainRouting

/// A route matches the path a browser loads, dot segments resolved, as an allowlist does.
@Suite struct RouteDotSegmentTests {
  @Test func routeTablesMatchTheResolvedPath() throws {
    let table = try URLRouteTable([("docs.example.org/guides/:page", "guide"), ("docs.example.org/admin", "admin")])
    let escaping = try #require(URL(string: "https://docs.example.org/guides/%2e%2e/admin"))
    #expect(table.route(escaping)?.action == "admin")
    let inside = try #require(URL(string: "https://docs.example.org/guides/x/../intro"))
    #expect(table.route(inside)?.match.parameters == ["page": "intro"])
    // An app's own scheme too: the placeholder captures what the path resolves to, never "..".
    let appScheme = try URLRouteTable([("myapp://document/:id", "document")])
    let climbing = try #require(URL(string: "myapp://document/42/%2e%2e/settings"))
    #expect(appScheme.route(climbing)?.match.parameters == ["id": "settings"])
  }
}
