import URLResponderChainCore

/// Every problem found while loading an allowlist; the list is rejected whole.
public struct AllowlistError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Which list an entry was in.
  public enum List: String, Sendable, Equatable {
    /// The `allow` list.
    case allow
    /// The `deny` list.
    case deny
  }

  /// One bad entry, or a problem with the document itself (`list` and `index` `nil`).
  public struct Problem: Sendable, Equatable, CustomStringConvertible {
    /// The list the entry is in.
    public let list: List?
    /// The entry's position in its list, from 0.
    public let index: Int?
    /// The entry as written.
    public let entry: String?
    /// What is wrong.
    public let reason: String

    /// Describes a bad entry.
    public init(list: List?, index: Int?, entry: String?, reason: String) {
      self.list = list
      self.index = index
      self.entry = entry
      self.reason = reason
    }

    /// `allow[3] "*.com": a wildcard directly over …`, `allow[4]: is 7, not a string`, or
    /// the document-level reason.
    public var description: String {
      guard let list, let index else { return reason }
      guard let entry else { return "\(list.rawValue)[\(index)]: \(reason)" }
      return "\(list.rawValue)[\(index)] \"\(entry)\": \(reason)"
    }
  }

  /// Every problem, in document order.
  public let problems: [Problem]

  /// One line per problem.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
