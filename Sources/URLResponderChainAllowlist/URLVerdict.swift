/// Whether a URL may open here, and why: the one answer every allowlist gives, local or
/// remote.
///
/// ```swift
/// switch allowlist.verdict(for: url) {
/// case .allowed(let rule): print("allowed by \(rule)")
/// case .blocked(let rule): print("blocked by \(rule)")
/// case .notAllowed(let reason): print("not allowed: \(reason)")
/// }
/// ```
public enum URLVerdict: Sendable, Equatable {
  /// An allow rule matched and no deny rule did.
  case allowed(rule: String)
  /// A deny rule matched: the URL is explicitly blocked, whatever else allows it.
  case blocked(rule: String)
  /// Not allowed: no allow rule matched, the URL is not safe to open, or no list is known
  /// yet; why.
  case notAllowed(reason: String)

  /// Whether the URL may open.
  public var isAllowed: Bool { if case .allowed = self { true } else { false } }
}

extension URLVerdict {
  /// Whether a deny rule matched.
  var isBlocked: Bool { if case .blocked = self { true } else { false } }
}
