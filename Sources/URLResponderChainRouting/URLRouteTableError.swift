/// Why a route table could not be built: every bad pattern, by row, and every parameter type
/// that names no placeholder. No table is built while any is bad.
public struct URLRouteTableError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One bad pattern, or a parameter type no pattern uses (`row` `nil`).
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The pattern's row in the table as given, from 0; `nil` for a parameter type.
    public let row: Int?
    /// The pattern as written, or the parameter type's placeholder name.
    public let pattern: String
    /// What is wrong with it.
    public let reason: String

    /// Describes a bad pattern, or a bad parameter type when `row` is `nil`.
    public init(row: Int?, pattern: String, reason: String) {
      self.row = row
      self.pattern = pattern
      self.reason = reason
    }

    /// `route 3 "*.com": a wildcard directly over …`, or
    /// `parameter type ":idd": no route has this placeholder`.
    public var description: String {
      guard let row else { return "parameter type \":\(pattern)\": \(reason)" }
      return "route \(row) \"\(pattern)\": \(reason)"
    }
  }

  /// Every problem, in row order.
  public let problems: [Problem]

  /// Collects the problems.
  public init(problems: [Problem]) {
    self.problems = problems
  }

  /// One line per problem.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
