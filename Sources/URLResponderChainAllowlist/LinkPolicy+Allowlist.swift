public import URLResponderChainCore

extension LinkPolicy {
  /// A policy under which the links `allowlist` allows open in-app, those a deny rule matches
  /// open nowhere (on every spelling a browser reads as its host and path, eligible for the
  /// in-app browser or not), and the rest go to the system browser.
  ///
  /// The allowlist answers at once, from what it holds now: previews and prewarming cannot
  /// wait for the network, so a `RemoteAllowlist` without a list yet sends every link to the
  /// system browser.
  ///
  /// ```swift
  /// let policy = LinkPolicy(inApp: try Allowlist(allow: ["*.example.com"]))
  /// print(policy.destination(for: URL(string: "https://docs.example.com/a")!)) // inApp(…)
  /// print(policy.destination(for: URL(string: "https://example.org/")!))       // system
  /// ```
  ///
  /// Rules come before the list (``LinkRule`` says how they are read): with
  /// `rules: [.nativeAppOrDefaultBrowser("youtu.be")]`, YouTube's short links try their app first, unless
  /// the list's deny rules block them.
  ///
  /// - Parameters:
  ///   - allowlist: The allowlist that applies: an ``Allowlist``, or a `RemoteAllowlist`.
  ///   - rules: Rules read before the list, in order. Defaults to none.
  ///   - permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  ///   - universalLinksFirst: Try the link's own app first. Defaults to `false`.
  ///   - preference: Where the person wants web links to open. Defaults to in-app.
  public init(
    inApp allowlist: some URLVerdictProviding, rules: [LinkRule] = [], permittedPorts: Set<Int> = [],
    universalLinksFirst: Bool = false, preference: LinkOpeningPreference = .inApp
  ) {
    self.init(
      permittedPorts: permittedPorts.union(Self.ports(of: rules)), universalLinksFirst: universalLinksFirst,
      preference: preference,
      list: LinkPolicyList(destination: {
        Self.destination(for: $0, rules: rules, listed: Self.destination(by: allowlist.verdict(for: $0)))
      }))
  }

  /// Where a list's verdict sends a web link: what it allows in-app, what a deny rule matches
  /// nowhere, the rest to the system. The one place a verdict becomes a destination; a remote
  /// list's policy uses it too.
  package static func destination(by verdict: URLVerdict) -> LinkDestination {
    switch verdict {
    case .allowed(let rule): .inApp(nativeAppFirst: false, reason: "allowed by \"\(rule)\"")
    case .blocked(let rule): .discarded(reason: "blocked by the deny rule \"\(rule)\"")
    case .notAllowed(let reason): .systemAction(reason: reason)
    }
  }

  /// A policy under which links that `patterns` match open in-app (unless `blocking` matches
  /// them: then nowhere), and every other link goes to the system browser: "only my domains
  /// in-app" in one line.
  ///
  /// ```swift
  /// final class ArticleViewController: UIViewController, SafariURLHandling {
  ///   let safariPresenter = SafariURLPresenter(policy: .inApp(["example.com", "*.example.com"]))
  /// }
  /// ```
  ///
  /// The patterns are ``URLPattern``s written in code, like a literal: one that is not valid
  /// stops the app at once, naming it and why. A list read from a file or a server is loaded
  /// with ``Allowlist/init(allow:deny:)``, which throws, and given to
  /// ``init(inApp:rules:permittedPorts:universalLinksFirst:preference:)``.
  ///
  /// - Parameters:
  ///   - patterns: The hosts and paths shown in-app.
  ///   - blocking: The hosts and paths no one opens. Defaults to none.
  public static func inApp(_ patterns: [String], blocking: [String] = []) -> LinkPolicy {
    do {
      let allowlist = try Allowlist(allow: patterns, deny: blocking)
      return LinkPolicy(inApp: allowlist, permittedPorts: allowlist.permittedPorts)
    } catch {
      preconditionFailure("LinkPolicy.inApp: \(error)")
    }
  }
}
