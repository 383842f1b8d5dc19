import Foundation
public import URLResponderChainAllowlist
public import URLResponderChainCore
public import URLResponderChainRecovery

extension LinkPolicy {
  /// A policy whose list is the one your server publishes: what it allows opens in-app, what
  /// a deny rule matches opens nowhere, and the rest goes to the system browser. Declare it
  /// once, where links are shown (a `SafariURLHandling` view controller's presenter,
  /// `presentsLinksInSafari(policy:)`), and nothing else checks the list.
  ///
  /// A tap waits for the list at the chain's end, after every handler has answered. When the
  /// list cannot be had for a reason the person can fix (offline, signed out, a server error),
  /// `recovery` reports a prompt up the chain from the link, and the link opens by itself
  /// once the recovery retries; cancelled, it opens nowhere. A list that cannot be had is never
  /// "allow everything": the link opens nowhere, unless the configuration opts in to the
  /// system browser (``RemoteAllowlistConfiguration/UnavailablePolicy``). A long press cannot
  /// wait: it previews by what a tap would use right now (``RemoteAllowlist/currentAllowlist()``),
  /// so while a tap would fetch or revalidate the list first, nothing is previewed in-app.
  ///
  /// ```swift
  /// let policy = LinkPolicy(inApp: remote)  // the app's `RemoteAllowlist`, made once
  /// print(policy.destination(for: URL(string: "https://docs.example.com/a")!)) // by the list held now
  /// ```
  ///
  /// - Parameters:
  ///   - allowlist: The app's remote list, made once.
  ///   - rules: Rules read before the list, in order (`LinkRule` says how): a tap on a link
  ///     that a `discarded` rule matches does not wait for the list; any other waits, so that
  ///     the list's deny rules are read. Defaults to none.
  ///   - permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  ///   - universalLinksFirst: Try the link's own app first. Defaults to `false`.
  ///   - preference: Where the person wants web links to open. Defaults to in-app.
  ///   - recovery: Shares one prompt between the links that fail the same way. Defaults to
  ///     `RecoveryCoordinator.shared`. (`nil` stands for it, so that a policy can be made
  ///     anywhere, a `static let` included, away from the main actor the coordinator lives on.)
  public init(
    inApp allowlist: RemoteAllowlist, rules: [LinkRule] = [], permittedPorts: Set<Int> = [],
    universalLinksFirst: Bool = false, preference: LinkOpeningPreference = .inApp,
    recovery: RecoveryCoordinator? = nil
  ) {
    self.init(
      permittedPorts: permittedPorts.union(Self.ports(of: rules)), universalLinksFirst: universalLinksFirst,
      preference: preference,
      list: LinkPolicyList(
        destination: {
          // Without a list held, a preview shows nothing: a rule may not open what the list,
          // once fetched, might block. Only a `discarded` rule answers without it.
          guard let list = allowlist.currentAllowlist() else {
            return Self.blocked($0, by: rules) ?? .systemAction(reason: "the remote allowlist has no list yet")
          }
          return Self.destination(for: $0, rules: rules, listed: Self.destination(by: list.verdict(for: $0)))
        },
        waitsForList: { url, origin in
          if let blocked = Self.blocked(url, by: rules) { return blocked }
          return await allowlist.destination(
            for: url, reportingFrom: origin, recovery: recovery ?? .shared, rules: rules)
        },
        holdsList: { allowlist.currentAllowlist() != nil }
      ))
  }
}

extension RemoteAllowlist {
  /// Where a tap on `url` goes by `rules` and the list, once it can be had: fetched or
  /// revalidated as HTTP caching says, with a prompt reported from `origin` when the person
  /// can fix why it cannot (none without an origin). Without a list, the rules do not apply:
  /// the link opens nowhere, or in the system when the app opted in. A link of another scheme
  /// waits too when it may open a web link (`x-safari-https://…`, see
  /// `URLSafety.webLinks(wrappedIn:)`), for the list's deny rules; one that cannot
  /// (`mailto:`, `tel:`) is not checked (`nil`): the policy decides it without the list.
  @MainActor
  func destination(
    for url: URL, reportingFrom origin: (any ResponderChainNode)?, recovery: RecoveryCoordinator,
    rules: [LinkRule]
  ) async -> LinkDestination? {
    guard let scheme = LinkScheme.of(url), !LinkScheme.isDocumentLocal(url) else { return nil }
    guard scheme == "http" || scheme == "https" || URLSafety.webLinks(wrappedIn: url.absoluteString) != [] else {
      return nil
    }
    let opensInSystem = configuration.opensInSystemWhenUnavailable
    func check() async throws -> URLVerdict? {
      do {
        return try await self.check(url)
      } catch  where opensInSystem {
        return nil  // the configuration passes URLs to the system browser while no list can be had
      }
    }
    do {
      let verdict =
        if let origin {
          try await recovery.run(reportingFrom: origin, text: Self.promptText) { try await check() }
        } else {
          try await check()
        }
      guard let verdict else {
        return .systemAction(reason: "no allowlist can be had, and the app sends links to the system")
      }
      return LinkPolicy.destination(for: url, rules: rules, listed: LinkPolicy.destination(by: verdict))
    } catch let failure as RemoteAllowlistFailure {
      return .discarded(reason: failure.description)
    } catch {
      return .discarded(reason: RemoteAllowlistFailure.cancelled.description)
    }
  }

  /// "Can't check this link", and what happened in words a person understands.
  package static func promptText(kind: RecoveryKind, failure: any Error) -> RecoveryPromptText {
    let message =
      switch (kind, failure as? RemoteAllowlistFailure) {
      case (.offline, _): "You appear to be offline. The link will open by itself when you're back online."
      case (.notAuthenticated, _): "Your session has expired. Sign in to check this link."
      case (.serverError, .timedOut): "The check took too long. Try again."
      case (.serverError, .incompleteResponse): "The connection was interrupted. Try again."
      case (.serverError, .unreachable): "The server can't be reached. Try again."
      case (.serverError, .captivePortal):
        "This network may ask you to sign in first. Sign in to the Wi-Fi network, then try again."
      case (.serverError, _): "Something went wrong on our side. Try again later."
      }
    return RecoveryPromptText(title: "Can't check this link", message: message)
  }
}
