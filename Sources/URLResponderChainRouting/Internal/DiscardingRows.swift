import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// A decision table's `.discarded` rows, judged as an allowlist's deny rules: on every host,
/// port and path a browser reads in a link, and on the web links a link of another scheme
/// wraps (`Allowlist.verdict(for:)`).
///
/// A table matches only eligible links. A link it matches no row for may still be loaded by
/// a browser from a host a `.discarded` row names: `https://user@x.ads.example.com/`,
/// `https://x.ads.example.com:8443/` and `https://x.%61ds.example.com/` are all loaded from
/// `x.ads.example.com`. Without this, `*.ads.example.com` would answer `.notHandled` for them,
/// and the chain's end would hand them to the system browser.
struct DiscardingRows: Sendable {
  /// The `.discarded` rows as deny rules.
  private let rules: Allowlist
  /// Each row's decision, by its pattern's description (what a blocked verdict names).
  private let decisions: [String: URLHandlingDecision]

  /// The `.discarded` rows of `rows` (already validated), or `nil` when there is none.
  init?<Action>(_ rows: [(String, Action)]) {
    var patterns: [URLPattern] = []
    var decisions: [String: URLHandlingDecision] = [:]
    for (text, action) in rows {
      guard let decision = action as? URLHandlingDecision, case .discarded = decision,
        let pattern = try? URLPattern(text, allowsAppSchemes: true)
      else { continue }
      patterns.append(pattern)
      if decisions[pattern.description] == nil { decisions[pattern.description] = decision }
    }
    guard !patterns.isEmpty else { return nil }
    rules = Allowlist(allowing: [], denying: patterns)
    self.decisions = decisions
  }

  /// The decision of the first `.discarded` row that any reading of `url` matches, or `nil`.
  func decision(for url: URL) -> URLHandlingDecision? {
    guard case .blocked(let rule) = rules.verdict(for: url) else { return nil }
    return decisions[rule] ?? .discarded(reason: "blocked by \(rule)")
  }
}
