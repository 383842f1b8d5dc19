public import URLResponderChainCore

extension InAppLinkRule {
  /// Creates a rule under which only links `allowlist` allows open in-app.
  ///
  /// The allowlist answers at once, from what it holds now: previews and prewarming cannot
  /// wait for the network, so a `RemoteAllowlist` without a list yet refuses everything.
  ///
  /// ```swift
  /// let rule = InAppLinkRule(allowlist: try Allowlist(allow: ["*.example.com"]))
  /// rule.opensInApp(URL(string: "https://docs.example.com/a")!)   // true
  /// rule.opensInApp(URL(string: "https://example.org/")!)         // false
  /// ```
  ///
  /// - Parameters:
  ///   - allowlist: The allowlist that applies: an ``Allowlist``, or a `RemoteAllowlist`.
  ///   - permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  public init(allowlist: some URLVerdictProviding, permittedPorts: Set<Int> = []) {
    self.init(permittedPorts: permittedPorts) { allowlist.verdict(for: $0).isAllowed }
  }
}
