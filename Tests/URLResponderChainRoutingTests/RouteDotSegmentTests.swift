import Foundation
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
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

/// A placeholder never captures a dot segment, however it is hidden: an inbound link is
/// anyone's text, and an app that reads `:id` as a file name would climb out of its folder.
@Suite(.timeLimit(.minutes(1))) struct PlaceholderDotSegmentTests {
  @Test(arguments: [
    "myapp://document/..%2F..%2Fsecret", "myapp://document/%2e%2e%2fx", "myapp://document/..%5C..%5Cx",
    "myapp://document/a%2F%2E%2E", "myapp://document/a%2F.%2Fb", "myapp://document/%252E%252E",
    "myapp://document/%25252e%25252e%25252fx", "myapp://document/..%5Cx",
  ])
  func anAppLinkWhosePlaceholderWouldCaptureADotSegmentMatchesNoRoute(link: String) throws {
    let table = try URLRouteTable([("myapp://document/:id", "document")])
    let url = try #require(URL(string: link))
    #expect(table.route(url) == nil, "\(link): \(table.route(url)?.match.parameters ?? [:])")
    let pattern = try URLPattern("myapp://document/:id", allowsAppSchemes: true)
    let eligible = try URLSafety.check(url, customSchemes: ["myapp"]).get()
    #expect(pattern.match(eligible) == nil, "\(link)")
  }

  /// Decoding a value until no escape is left is linear: `%25` followed by 100,000 `25`s then
  /// `2E` decodes to `.`, one `25` a round when the whole text is decoded again and again, in
  /// time that grew with the square of the run (minutes here).
  @Test func aLongRunOfEscapedEscapesIsDecodedOnceThrough() throws {
    let dot = "%25" + String(repeating: "25", count: 100_000) + "2E"
    let table = try URLRouteTable([("myapp://document/:id", "document")])
    #expect(table.route(try #require(URL(string: "myapp://document/" + dot + dot))) == nil, "`..`, however deep")
    let name = "%25" + String(repeating: "25", count: 100_000) + "41"
    #expect(table.route(try #require(URL(string: "myapp://document/" + name)))?.action == "document")
  }

  /// What is not a dot segment is still captured: the JLRoutes case, three dots, a dot in a
  /// name.
  @Test(arguments: [
    ("myapp://document/...", "..."), ("myapp://document/report.v2.pdf", "report.v2.pdf"),
    ("myapp://document/http%3A%2F%2Ffoobar.com%2Fbaz", "http://foobar.com/baz"),
    ("myapp://document/.hidden", ".hidden"),
  ])
  func otherValuesAreCaptured(link: String, value: String) throws {
    let table = try URLRouteTable([("myapp://document/:id", "document")])
    #expect(table.route(try #require(URL(string: link)))?.match.parameters == ["id": value])
  }
}
