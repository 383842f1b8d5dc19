import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting

/// Routes read a path the way an allowlist reads it, and a typed placeholder takes only the
/// canonical spelling of its value: a route table used as a policy lets no spelling of a
/// blocked path through.
@Suite struct RouteReadingTests {
  private static let policy = try! URLRouteTable<URLHandlingDecision>([
    ("example.org/admin/*", .discarded(reason: "admin")),
    ("example.org/:lang/private", .discarded(reason: "private")),
    ("example.org/*", .handled),
  ])

  @Test(arguments: [
    "https://example.org/ADMIN/x", "https://example.org/admin;x/y", "https://example.org/%2561dmin/x",
    "https://example.org/Admin./x", "https://example.org/admin%2Fx", "https://example.org/public/..;/admin/x",
    "https://example.org/adm%C4%B1n/x", "https://example.org/%FF/private", "https://example.org/%0A/private",
    "https://example.org/en/PRIVATE", "https://example.org/%2561dmin%252Fx",
  ])
  func aSpellingOfABlockedPathIsNeverHandled(link: String) throws {
    let url = try #require(URL(string: link))
    #expect(Self.policy.decision(for: url) != .handled, "\(link)")
  }

  @Test(arguments: ["https://example.org/docs/x", "https://example.org/", "https://example.org/en/public"])
  func anOrdinaryPathIsHandled(link: String) throws {
    #expect(Self.policy.decision(for: try #require(URL(string: link))) == .handled)
  }

  /// The route table and an allowlist with the same patterns agree on every URL.
  @Test func aRouteTableAndAnAllowlistWithTheSamePatternsAgree() throws {
    let allowlist = try Allowlist(allow: ["example.org/*"], deny: ["example.org/admin/*", "example.org/:lang/private"])
    let segments = ["admin", "ADMIN", "Admin.", "%2561dmin", "admin;x", "%FF", "en", "private", "PRIVATE", "x", "..;"]
    var compared = 0
    for first in segments {
      for second in segments {
        let url = try #require(URL(string: "https://example.org/\(first)/\(second)"))
        #expect(
          allowlist.verdict(for: url).isAllowed == (Self.policy.decision(for: url) == .handled), "\(url)")
        compared += 1
      }
    }
    #expect(compared == segments.count * segments.count)
  }

  @Test func whenReadingsDisagreeTheRouteIsNoneAndTheDecisionSaysWhy() throws {
    let url = try #require(URL(string: "https://example.org/ADMIN/x"))
    let table = try URLRouteTable<String>([("example.org/admin/*", "admin"), ("example.org/*", "any")])
    #expect(table.route(url) == nil)
    let decision = Self.policy.decision(for: url)
    #expect(decision == .discarded(reason: "servers may read /ADMIN/x as /admin/x"))
  }

  enum Screen: Equatable { case one, user }

  @Test(arguments: ["/users/01", "/users/+1", "/users/-0", "/users/1.0", "/users/%2B1", "/users/0x1", "/users/1e0"])
  func aTypedPlaceholderTakesOnlyTheCanonicalSpellingOfItsValue(path: String) throws {
    let table = try URLRouteTable<Screen>(
      [("example.org/users/1", .one), ("example.org/users/:id", .user)], parameterTypes: ["id": Int.self])
    #expect(table.route(try #require(URL(string: "https://example.org\(path)"))) == nil, "\(path)")
    #expect(table.route(try #require(URL(string: "https://example.org/users/1")))?.action == .one)
    let negative = try #require(URL(string: "https://example.org/users/-12"))
    let other = try #require(table.route(negative))
    #expect(other.match.parameter("id", as: Int.self) == -12)
  }

  @Test func aUUIDPlaceholderTakesItsUpperOrLowerCaseSpellingOnly() throws {
    let table = try URLRouteTable<Screen>([("example.org/doc/:id", .user)], parameterTypes: ["id": UUID.self])
    // Letters in the first group and after it, so that the mixed spelling below is mixed (a
    // random UUID whose first eight digits are all numerals, 2% of them, has none).
    let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    for text in [uuid.uuidString, uuid.uuidString.lowercased()] {
      let url = try #require(URL(string: "https://example.org/doc/\(text)"))
      let found = try #require(table.route(url))
      #expect(found.match.parameter("id", as: UUID.self) == uuid)
    }
    let mixed = uuid.uuidString.prefix(8).lowercased() + uuid.uuidString.dropFirst(8)
    #expect(table.route(try #require(URL(string: "https://example.org/doc/\(mixed)"))) == nil)
    #expect(UUID(routeParameter: "{\(uuid.uuidString)}") == nil)
  }

  /// A price, converted as `Double` converts it.
  struct Price: LosslessStringConvertible, URLRouteParameter, Equatable {
    let value: Double
    init?(_ description: String) {
      guard let value = Double(description) else { return nil }
      self.value = value
    }
    var description: String { value.description }
  }

  @Test func aLosslessStringConvertibleTypeTakesItsDescriptionOnly() {
    #expect(Price(routeParameter: "1.5")?.value == 1.5)
    #expect(Price(routeParameter: "1.50") == nil)
    #expect(Int(routeParameter: "007") == nil)
    #expect(Int(routeParameter: "7") == 7)
    #expect(String(routeParameter: "Mixed Case") == "Mixed Case")
  }
}
