import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting

/// A placeholder can require a type; a value that does not convert means the route does not
/// match. The typed cases of URLNavigator's `URLMatcher` specs (`<int:id>`, `<uuid:id>`) and
/// of Crossroad's argument tests (`:id` read as `Int`), translated to this table.
@Suite struct TypedRouteParameterTests {
  enum Screen: Equatable { case user, userByName, order, item }

  /// A slug: lowercase letters and hyphens, not empty.
  struct Slug: LosslessStringConvertible, URLRouteParameter, Equatable {
    let description: String
    init?(_ description: String) {
      guard !description.isEmpty, description.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) else { return nil }
      self.description = description
    }
  }

  private func route(
    _ rows: [(String, Screen)], types: [String: any URLRouteParameter.Type], _ url: String
  ) throws -> (action: Screen, match: URLPatternMatch)? {
    try URLRouteTable(rows, parameterTypes: types).route(#require(URL(string: url)))
  }

  // URLNavigator: "myapp://user/<int:id>" matches "myapp://user/123" with id 123 and not
  // "myapp://user/abc" or "myapp://user/12.3".
  @Test(arguments: [
    ("myapp://user/123", 123), ("myapp://user/0", 0), ("myapp://user/-1", -1),
    ("myapp://user/4%32", 42),  // placeholder values are percent-decoded before they convert
  ])
  func anIntPlaceholderMatchesWhatConverts(url: String, id: Int) throws {
    let found = try #require(try route([("myapp://user/:id", .user)], types: ["id": Int.self], url))
    #expect(found.action == .user)
    #expect(found.match.parameter("id", as: Int.self) == id)
  }

  @Test(arguments: [
    "myapp://user/abc", "myapp://user/12.3", "myapp://user/1e3", "myapp://user/99999999999999999999999",
    "myapp://user/%E0%A5%A8", "myapp://user/0x10", "myapp://user/%2042",
  ])
  func anIntPlaceholderDoesNotMatchWhatDoesNot(url: String) throws {
    #expect(try route([("myapp://user/:id", .user)], types: ["id": Int.self], url) == nil)
  }

  // URLNavigator: "<uuid:id>" matches a UUID and nothing else.
  @Test func aUUIDPlaceholderMatchesOnlyAUUID() throws {
    let rows: [(String, Screen)] = [("https://example.com/orders/:id", .order)]
    let uuid = "621425B8-42D1-4AB4-9A58-1E8DDC8EC5B0"
    let found = try #require(try route(rows, types: ["id": UUID.self], "https://example.com/orders/\(uuid)"))
    #expect(found.match.parameter("id", as: UUID.self) == UUID(uuidString: uuid))
    #expect(try route(rows, types: ["id": UUID.self], "https://example.com/orders/621425B8-42D1") == nil)
    #expect(try route(rows, types: ["id": UUID.self], "https://example.com/orders/not-a-uuid") == nil)
  }

  // Crossroad: a route whose argument does not convert gives way to the next one that matches.
  @Test func aRouteWhoseValueDoesNotConvertGivesWayToTheNext() throws {
    let rows: [(String, Screen)] = [("example.com/users/:id", .user), ("example.com/users/:name", .userByName)]
    let types: [String: any URLRouteParameter.Type] = ["id": Int.self]
    #expect(try route(rows, types: types, "https://example.com/users/42")?.action == .user)
    let byName = try #require(try route(rows, types: types, "https://example.com/users/bob"))
    #expect(byName.action == .userByName)
    #expect(byName.match.parameter("name", as: String.self) == "bob")
    #expect(byName.match.parameter("id", as: Int.self) == nil)
  }

  @Test func anyLosslessStringConvertibleTypeCanBeRequired() throws {
    let rows: [(String, Screen)] = [("example.com/items/:slug", .item)]
    let found = try #require(try route(rows, types: ["slug": Slug.self], "https://example.com/items/blue-shoes"))
    #expect(found.match.parameter("slug", as: Slug.self) == Slug("blue-shoes"))
    #expect(try route(rows, types: ["slug": Slug.self], "https://example.com/items/Blue_Shoes") == nil)
  }

  @Test func withoutTypesEveryValueMatchesAsText() throws {
    let found = try #require(try route([("myapp://user/:id", .user)], types: [:], "myapp://user/abc"))
    #expect(found.match.parameters["id"] == "abc")
    #expect(found.match.parameter("id", as: Int.self) == nil)
  }

  @Test func aParameterTypeThatNamesNoPlaceholderIsRefused() {
    #expect {
      try URLRouteTable<Screen>([("myapp://user/:id", .user)], parameterTypes: ["idd": Int.self, "id": Int.self])
    } throws: { error in
      let problems = (error as? URLRouteTableError)?.problems
      return problems?.map(\.row) == [nil] && problems?.map(\.pattern) == ["idd"]
        && (error as? URLRouteTableError)?.description == "parameter type \":idd\": no route has this placeholder"
    }
  }

  @Test func parameterTypesThatNameNoPlaceholderAreListedInNameOrder() {
    let names = ["zeta", "alpha", "mid", "beta", "omega", "delta", "kappa", "gamma"]
    let types = Dictionary(uniqueKeysWithValues: names.map { ($0, Int.self as any URLRouteParameter.Type) })
    #expect {
      try URLRouteTable<Screen>([("myapp://user/:id", .user)], parameterTypes: types)
    } throws: { error in
      (error as? URLRouteTableError)?.problems.map(\.pattern) == names.sorted()
    }
  }

  /// No value that `==` a literal row's value reaches another row, whatever its spelling:
  /// `-0.0` is `0.0` for a `Double`; a UUID in lower case is the same UUID.
  @Test func aValueEqualToAnotherRowsLiteralReachesNoRow() throws {
    enum Screen: Equatable { case free, priced }
    let rows: [(String, Screen)] = [("example.com/price/0.0", .free), ("example.com/price/:p", .priced)]
    let table = try URLRouteTable(rows, parameterTypes: ["p": Price.self])
    #expect(table.route(try #require(URL(string: "https://example.com/price/0.0")))?.action == .free)
    #expect(table.route(try #require(URL(string: "https://example.com/price/-0.0"))) == nil)
    #expect(table.route(try #require(URL(string: "https://example.com/price/1.5")))?.action == .priced)
    let uuid = "621425B8-42D1-4AB4-9A58-1E8DDC8EC5B0"
    let orders = try URLRouteTable(
      [("example.com/orders/\(uuid)", Screen.free), ("example.com/orders/:id", .priced)],
      parameterTypes: ["id": UUID.self])
    let lower = try #require(URL(string: "https://example.com/orders/\(uuid.lowercased())"))
    #expect(orders.route(lower).map { $0.action == .free } ?? true, "never the other row")
  }
}

/// A price, as an app writes a `Double` it routes on: equal when the numbers are, so `-0.0`
/// is `0.0`.
private struct Price: LosslessStringConvertible, URLRouteParameter, Equatable {
  let value: Double
  init?(_ description: String) {
    guard let value = Double(description) else { return nil }
    self.value = value
  }
  var description: String { value.description }
}
