package import Foundation
public import URLResponderChainCore

extension LinkPolicy {
  /// A policy of ordered rules, with no list: what an in-app rule matches opens in-app, and
  /// a web link that no rule matches goes to the system. ``LinkRule`` says how the rules are
  /// read.
  ///
  /// ```swift
  /// let policy = LinkPolicy(rules: [.nativeAppOrDefaultBrowser("youtu.be"), .inApp("example.com")])
  /// print(policy.destination(for: URL(string: "https://youtu.be/abc")!))    // nativeAppOrDefaultBrowser(…)
  /// print(policy.destination(for: URL(string: "https://example.org/")!))    // systemAction(…)
  /// ```
  ///
  /// - Parameters:
  ///   - rules: The rules, in order.
  ///   - permittedPorts: Non-default ports the in-app browser may show besides those the
  ///     rules name. Defaults to none.
  ///   - universalLinksFirst: Try every in-app link's own app first. Defaults to `false`.
  ///   - preference: Where the person wants web links to open. Defaults to in-app.
  public init(
    rules: [LinkRule], permittedPorts: Set<Int> = [], universalLinksFirst: Bool = false,
    preference: LinkOpeningPreference = .inApp
  ) {
    self.init(
      permittedPorts: permittedPorts.union(Self.ports(of: rules)), universalLinksFirst: universalLinksFirst,
      preference: preference,
      list: LinkPolicyList(destination: { Self.destination(for: $0, rules: rules, listed: nil) }))
  }

  /// Where `rules` send `url`, given where the list sends it (`listed`, `nil` without a list):
  /// a `discarded` rule first, then a list's deny rule, then the first other rule that matches,
  /// then the list, then the system. The one place rules are read; a remote list's policy
  /// reads them here too.
  package static func destination(for url: URL, rules: [LinkRule], listed: LinkDestination?) -> LinkDestination {
    if let blocked = blocked(url, by: rules) { return blocked }
    if case .discarded? = listed, let listed { return listed }
    for rule in rules where rule.destination != .discarded {
      if let decided = rule.destination(for: url) { return decided }
    }
    return listed ?? .systemAction(reason: "no rule shows it in-app")
  }

  /// Where a `discarded` rule among `rules` sends `url`, or `nil` when none matches it.
  package static func blocked(_ url: URL, by rules: [LinkRule]) -> LinkDestination? {
    for rule in rules where rule.destination == .discarded {
      if let blocked = rule.destination(for: url) { return blocked }
    }
    return nil
  }

  /// The non-default ports that `rules` name.
  package static func ports(of rules: [LinkRule]) -> Set<Int> {
    rules.reduce(into: []) { $0.formUnion($1.list.permittedPorts) }
  }
}
