public import Foundation
public import URLResponderChainAllowlist

/// A value a route's `:placeholder` can require: a route matches only when the captured
/// segment converts.
///
/// `Int`, `UUID` and `String` conform. Any other `LosslessStringConvertible` type conforms
/// with an empty extension, converting with its `init?(_:)`:
///
/// ```swift
/// extension OrderNumber: URLRouteParameter {}
/// ```
public protocol URLRouteParameter: Sendable {
  /// The value a captured path segment stands for, or `nil` when it stands for none.
  init?(routeParameter text: String)
}

extension URLRouteParameter where Self: LosslessStringConvertible {
  /// Converts with `init?(_:)`.
  public init?(routeParameter text: String) { self.init(text) }
}

extension Int: URLRouteParameter {}
extension String: URLRouteParameter {}

extension UUID: URLRouteParameter {
  /// Converts with `init?(uuidString:)`.
  public init?(routeParameter text: String) { self.init(uuidString: text) }
}

extension URLPatternMatch {
  /// The placeholder `name` converted to `type`, or `nil` when there is no such placeholder or
  /// its value does not convert.
  ///
  /// ```swift
  /// if let id = match.parameter("id", as: Int.self) { showUser(id) }
  /// ```
  public func parameter<Value: URLRouteParameter>(_ name: String, as type: Value.Type = Value.self) -> Value? {
    parameters[name].flatMap(Value.init(routeParameter:))
  }
}
