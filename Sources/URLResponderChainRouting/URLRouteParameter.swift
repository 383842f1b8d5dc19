public import Foundation
public import URLResponderChainAllowlist

/// A value a route's `:placeholder` can require: a route matches only when the captured
/// segment converts.
///
/// A segment converts only when it is the value's one canonical spelling, so that no two
/// spellings of one value reach a route (past a literal row for one of them, say):
///
/// - `Int`: decimal digits without a sign, a `+` or a leading zero, or `-` and digits
///   (`1` and `-1`, never `01`, `+1` or `-0`), as `String(value)` writes it;
/// - `UUID`: the 36 characters `uuidString` writes, in upper or lower case (a case
///   difference is a difference every reading of a path already ignores);
/// - `String`: any text (its spelling is its value);
/// - any other `LosslessStringConvertible` type: text equal, byte for byte, to the
///   `description` of the value `init?(_:)` makes of it (`1.5` for a `Double`, never `1.50`).
///
/// Any other `LosslessStringConvertible` type conforms with an empty extension:
///
/// ```swift
/// extension OrderNumber: URLRouteParameter {}
/// ```
public protocol URLRouteParameter: Sendable {
  /// The value a captured path segment stands for, or `nil` when it stands for none.
  init?(routeParameter text: String)
}

extension URLRouteParameter where Self: LosslessStringConvertible {
  /// Converts with `init?(_:)`, when `text` is the value's `description`: its one
  /// canonical spelling.
  public init?(routeParameter text: String) {
    guard let value = Self(text), value.description.utf8.elementsEqual(text.utf8) else { return nil }
    self = value
  }
}

extension Int: URLRouteParameter {}
extension String: URLRouteParameter {}

extension UUID: URLRouteParameter {
  /// Converts with `init?(uuidString:)` when `text` is `uuidString` in upper or lower case.
  public init?(routeParameter text: String) {
    guard let value = UUID(uuidString: text),
      value.uuidString.utf8.elementsEqual(text.utf8) || value.uuidString.lowercased().utf8.elementsEqual(text.utf8)
    else { return nil }
    self = value
  }
}

extension URLPatternMatch {
  /// The placeholder `name` converted to `type`, or `nil` when there is no such placeholder or
  /// its value does not convert.
  ///
  /// ```swift
  /// let routes = try URLRouteTable([("https://example.com/users/:id", "user")])
  /// if let match = routes.route(url)?.match, let id = match.parameter("id", as: Int.self) { showUser(id) }
  /// ```
  public func parameter<Value: URLRouteParameter>(_ name: String, as type: Value.Type = Value.self) -> Value? {
    parameters[name].flatMap(Value.init(routeParameter:))
  }
}
