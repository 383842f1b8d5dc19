public import Foundation

/// The app's link policy, declared once: which links open in the in-app browser, which are
/// blocked, whether a link's own app is tried first, and where the person wants web links to
/// open. One function, ``destination(for:)``, answers for a URL, and every surface asks it:
/// the in-app presenter (`SafariURLPresenter`, `.presentsLinksInSafari(policy:)`), long-press
/// previews and prewarming (`LinkButton`, links in text and web views). So a tap, a preview
/// and a prewarm never disagree about a link.
///
/// The default policy shows every ``EligibleURL`` in-app. With the allowlist product, a list
/// decides instead: what it allows opens in-app, what a deny rule matches opens nowhere, and
/// the rest goes to the system browser.
///
/// ```swift
/// let policy = LinkPolicy()
/// print(policy.destination(for: URL(string: "https://docs.example.com/a")!))      // inApp(nativeAppFirst: false, …)
/// print(policy.destination(for: URL(string: "https://user@docs.example.com/a")!)) // systemAction(…: a user name)
/// print(policy.destination(for: URL(string: "javascript:alert(1)")!))            // discarded(…)
/// ```
///
/// A long press runs the tap dry: the ``URLHandler``s the tap would ask answer (with
/// ``URLHandlingContext/isDryRun`` set, so nothing is performed), then the policy declared
/// nearest the link answers for the URL as they rewrote it, as the application at the
/// chain's end does for a tap. It shows, for each
/// answer:
///
/// | Link | Preview | Actions |
/// | --- | --- | --- |
/// | opens in-app (``LinkDestination/inApp(nativeAppFirst:reason:)``) | in-app browser | Open, Copy Link, Share |
/// | another `http`/`https` link (a handler discards it or sends it to the system, an ``AsyncURLHandler`` is on the way, or no presenter is above) | none | Open, Copy Link, Share |
/// | another scheme that may leave the document (`mailto:`, `tel:`, an app's scheme) | none | Open, Copy Link |
/// | `javascript:`, `data:`, `file:` and the other schemes of a document's own, or no readable scheme | no menu at all | — |
///
/// Open and committing the preview both send the link up the responder chain, so the
/// handlers that decide a tap also decide these; the menu never opens anything itself.
/// Previews cannot wait for the network, so a remote allowlist answers from the list it
/// holds now: without a list yet, nothing is previewed.
public struct LinkPolicy: Sendable {
  /// Non-default ports the app's rules name explicitly; a web link on another non-default
  /// port is not shown in-app.
  public var permittedPorts: Set<Int>
  /// Try the link's own app first (universal links) before the in-app browser.
  public var universalLinksFirst: Bool
  /// Where the person wants web links to open; set it from the app's setting.
  public var preference: LinkOpeningPreference
  /// The app's list, which judges each web link on the link as written (so that its deny
  /// rules see every spelling, eligible or not); `nil` when every eligible link opens in-app.
  package let list: LinkPolicyList?

  /// A policy that shows every eligible web link in-app.
  ///
  /// - Parameters:
  ///   - permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  ///   - universalLinksFirst: Try the link's own app first. Defaults to `false`.
  ///   - preference: Where the person wants web links to open. Defaults to in-app.
  public init(
    permittedPorts: Set<Int> = [], universalLinksFirst: Bool = false, preference: LinkOpeningPreference = .inApp
  ) {
    self.init(
      permittedPorts: permittedPorts, universalLinksFirst: universalLinksFirst, preference: preference, list: nil)
  }

  /// A policy whose list judges each checked web link, for the allowlist products.
  package init(
    permittedPorts: Set<Int>, universalLinksFirst: Bool, preference: LinkOpeningPreference,
    list: LinkPolicyList?
  ) {
    self.permittedPorts = permittedPorts
    self.universalLinksFirst = universalLinksFirst
    self.preference = preference
    self.list = list
  }

  /// Where `url` opens, and why.
  ///
  /// - A scheme of a document's own (`javascript:`, `data:`, `file:`…) or text without a
  ///   scheme: nowhere.
  /// - Any other scheme but `http` and `https` (`mailto:`, `tel:`, an app's): the system,
  ///   unless the list's deny rules block a web link it may open: with `blocking:
  ///   ["evil.example"]`, `x-safari-https://evil.example/` (Safari opens `https://evil.example/`)
  ///   and `firefox://open-url?url=https%3A%2F%2Fevil.example` open nowhere.
  /// - A web link the list blocks: nowhere. Deny rules come first, on every spelling a
  ///   browser reads as their host and path, eligible or not: with `blocking:
  ///   ["evil.example"]`, `https://user@evil.example/`, `https://evil.example:8443/` and
  ///   `https://%65vil.example/` open nowhere.
  /// - A web link that ``EligibleURL`` refuses (a user or password, an IP address, an
  ///   unnamed port): the system, never in-app.
  /// - A web link the list does not allow: the system.
  /// - Otherwise: in-app (its own app first with ``universalLinksFirst``), or, when the person
  ///   prefers their default browser, its own app if it has one, else that browser.
  public func destination(for url: URL) -> LinkDestination { destination(for: url, inApp: true, judged: nil) }

  /// ``destination(for:)`` as the chain's end asks it:
  ///
  /// - `inApp`: whether the in-app browser may show the link. When it may not (a handler sent
  ///   it to the system with ``URLHandlingDecision/systemAction``, or no view controller can
  ///   present it) the policy still answers, so a link it blocks opens nowhere, but what it
  ///   would show in-app goes to the system (to its own app first when the policy tries that).
  /// - `judged`: the list's answer for `url` after a tap waited for it
  ///   (``LinkPolicyList/waitsForList``), instead of the list held now; `nil` for the latter.
  package func destination(for url: URL, inApp: Bool, judged: LinkDestination?) -> LinkDestination {
    guard let scheme = LinkScheme.of(url), !LinkScheme.isDocumentLocal(url) else {
      return .discarded(reason: "\(LinkScheme.of(url) ?? "a link without a") scheme never leaves its document")
    }
    let listed = judged ?? list?.destination(url)
    guard scheme == "http" || scheme == "https" else {
      // Another scheme may wrap a web link (`x-safari-https://…`): the list's deny rules read it too.
      if case .discarded? = listed, let listed { return listed }
      return .systemAction(reason: "\(scheme) links cannot be shown in the in-app browser")
    }
    let reason: String
    switch listed {
    case .inApp(_, let why)?: reason = why
    case let listed?: return listed
    case nil: reason = "every eligible web link opens in-app"
    }
    if case .failure(let refusal) = URLSafety.check(url, permittedPorts: permittedPorts) {
      return .systemAction(reason: "not shown in-app: \(refusal)")
    }
    switch preference {
    case .inApp where inApp: return .inApp(nativeAppFirst: universalLinksFirst, reason: reason)
    case .inApp:
      let reason = "kept out of the in-app browser here"
      return universalLinksFirst ? .nativeAppOrDefaultBrowser(reason: reason) : .systemAction(reason: reason)
    case .defaultBrowser: return .nativeAppOrDefaultBrowser(reason: "the person prefers their default browser")
    }
  }

  /// Why this policy refuses `url` (its answer is nowhere), or `nil`: what a declaration above
  /// the nearest one says at the chain's end, where only a refusal counts.
  ///
  /// - Parameter judged: The list's answer after a tap waited for it; `nil` for the list held now.
  package func refusal(for url: URL, judged: LinkDestination?) -> String? {
    guard case .discarded(let reason) = destination(for: url, inApp: false, judged: judged) else { return nil }
    return reason
  }

  /// The checked web link when `url` opens in the in-app browser now (what a preview shows and
  /// prewarming warms up), or `nil`.
  public func inAppBrowserURL(for url: URL) -> InAppBrowserURL? {
    guard case .inApp = destination(for: url),
      case .success(let eligible) = URLSafety.check(url, permittedPorts: permittedPorts)
    else { return nil }
    return InAppBrowserURL(eligible)
  }
}
