import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRouting

/// The most-specific-wins rule as one table, the trailing-`*` ranking bug, and insignificant
/// empty path segments (cases translated from URLNavigator's, Crossroad's and JLRoutes' suites).
@Suite struct RouteSpecificityTests {
  /// Each row: a more specific pattern, then a less specific one that matches the same URL.
  @Test(arguments: [
    ("host.example/anything", "host.example/anything/*"),  // the bug: a trailing * is the least specific
    ("host.example/anything/*", "host.example/*"),
    ("host.example/anything", "host.example"),
    ("a.host.example/*", "*.host.example/a/b"),  // an exact host beats a wildcard host, whatever the paths
    ("host.example/a/:id", "host.example/a/*"),
    ("host.example/a/b", "host.example/a/:id"),
    ("host.example/a/b", "host.example/:x/b"),
    ("host.example/:x/b", "host.example/:x/:y"),
    ("sub.host.example", "host.example"),  // (different URLs; ordered by the longer host)
    ("a.host.example", "*.host.example"),
    ("*.sub.host.example", "*.host.example"),
  ])
  func theMoreSpecificPatternWinsInEitherOrder(specific: String, general: String) throws {
    let a = try URLPattern(specific)
    let b = try URLPattern(general)
    #expect(a.isMoreSpecific(than: b))
    #expect(!b.isMoreSpecific(than: a))
  }

  @Test(arguments: [
    ("host.example/:a", "host.example/:b"), ("host.example/*", "host.example"), ("host.example/x", "host.example/x/"),
  ])
  func equallySpecificPatternsKeepRowOrder(first: String, second: String) throws {
    let (a, b) = (try URLPattern(first), try URLPattern(second))
    #expect(!a.isMoreSpecific(than: b))
    #expect(!b.isMoreSpecific(than: a))
    let table = try URLRouteTable<Int>([(first, 1), (second, 2)])
    let swapped = try URLRouteTable<Int>([(second, 2), (first, 1)])
    let url = try #require(URL(string: "https://host.example/x"))
    #expect(table.route(url)?.action == 1)
    #expect(swapped.route(url)?.action == 2)
  }

  @Test(arguments: [false, true])
  func anExactPathBeatsItsTrailingWildcardWhateverTheRowOrder(reversed: Bool) throws {
    var rows: [(String, String)] = [("host.example/anything/*", "wildcard"), ("host.example/anything", "exact")]
    if reversed { rows.reverse() }
    let table = try URLRouteTable<String>(rows)
    #expect(table.route(URL(string: "https://host.example/anything")!)?.action == "exact")
    #expect(table.route(URL(string: "https://host.example/anything/else")!)?.action == "wildcard")
  }

  @Test(arguments: [
    "https://host.example/test", "https://host.example/test/", "https://host.example//test",
    "https://host.example/test//", "https://host.example///test///",
  ])
  func emptySegmentsAreInsignificantInRoutes(_ link: String) throws {
    let table = try URLRouteTable<String>([("host.example/test", "test"), ("host.example/user/:id", "user")])
    #expect(table.route(try #require(URL(string: link)))?.action == "test")
  }

  @Test func repeatedSlashesAroundPlaceholders() throws {
    let table = try URLRouteTable<String>([("host.example/user/:id", "user"), ("host.example/user/:id/posts", "posts")])
    let user = table.route(URL(string: "https://host.example//user///1")!)
    #expect(user?.action == "user")
    #expect(user?.match.parameters == ["id": "1"])
    #expect(table.route(URL(string: "https://host.example/user/1/posts/")!)?.action == "posts")
    #expect(table.route(URL(string: "https://host.example/user//")!) == nil, "an empty segment is no id")
  }

  @Test func patternsMayBeWrittenWithTheSameSlashes() throws {
    let table = try URLRouteTable<String>([("host.example//test/", "test")])
    #expect(table.route(URL(string: "https://host.example/test")!)?.action == "test")
    #expect(table.route(URL(string: "https://host.example/test/more")!) == nil)
  }

  @Test func emptySegmentsAreInsignificantInAllowlistPathsButHostsStayStrict() throws {
    let allowlist = try Allowlist(allow: ["docs.example.com/guides/*", "example.com/about"])
    #expect(allowlist.verdict(for: "https://docs.example.com//guides/swift").isAllowed)
    #expect(allowlist.verdict(for: "https://example.com/about/").isAllowed)
    #expect(allowlist.verdict(for: "https://example.com//about").isAllowed)
    #expect(!allowlist.verdict(for: "https://example.com/about/team").isAllowed)
    #expect(!allowlist.verdict(for: "https://example.com/").isAllowed)
    // Hosts: unchanged.
    #expect(!allowlist.verdict(for: "https://example..com/about").isAllowed)
    #expect(!allowlist.verdict(for: "https://www.example.com/about").isAllowed)
    #expect(!allowlist.verdict(for: "https://example.com.evil.example/about").isAllowed)
  }
}
