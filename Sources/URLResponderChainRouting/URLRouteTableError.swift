/// Why a route table could not be built: every bad pattern, by row. No table is built while
/// any pattern is bad.
public struct URLRouteTableError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One bad pattern.
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The pattern's row in the table as given, from 0.
    public let row: Int
    /// The pattern as written.
    public let pattern: String
    /// What is wrong with it.
    public let reason: String

    /// Describes a bad pattern.
    public init(row: Int, pattern: String, reason: String) {
      self.row = row
      self.pattern = pattern
      self.reason = reason
    }

    /// `route 3 "*.com": a wildcard directly over …`.
    public var description: String { "route \(row) \"\(pattern)\": \(reason)" }
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
