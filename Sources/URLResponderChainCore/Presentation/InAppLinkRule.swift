public import Foundation

/// Which web links the app shows in its in-app browser: the rule previews and prewarming
/// follow, so that they only ever show or warm up what a tap would open in-app.
///
/// It is what a link surface's `previews` is (`LinkButton` and `LinkRoutingTextViewDelegate`
/// in `URLResponderChainLinkViews`, `LinkRoutingNavigationDelegate` in
/// `URLResponderChainWebContent`). A long press shows:
///
/// | Link | Preview | Actions |
/// | --- | --- | --- |
/// | `http`/`https` that ``opensInApp(_:)`` | in-app browser | Open, Copy Link, Share |
/// | Other `http`/`https` (refused by ``EligibleURL`` or the allowlist, or the list is not known yet) | none | Open, Copy Link, Share |
/// | Another scheme that may leave the document (`mailto:`, `tel:`, an app's scheme) | none | Open, Copy Link |
/// | `javascript:`, `data:`, `file:` and the other schemes of a document's own, or no readable scheme | no menu at all | — |
///
/// Open and committing the preview both send the link up the responder chain, so the
/// handlers that decide a tap also decide these; the menu never opens anything itself.
///
/// A link qualifies when it is `http` or `https`, passes ``EligibleURL``'s checks, and is
/// allowed by the allowlist, where one applies. `InAppLinkRule(allowlist:)` comes with the allowlist
/// products. Previews cannot wait for the network, so a remote allowlist answers from what
/// it holds now: without a list yet, it refuses everything.
///
/// ```swift
/// let rule = InAppLinkRule()
/// rule.opensInApp(URL(string: "https://docs.example.com/a")!)   // true
/// rule.opensInApp(URL(string: "https://user@docs.example.com/a")!)   // false: user info
/// ```
public struct InAppLinkRule: Sendable {
  /// Non-default ports the app's rules name explicitly.
  public var permittedPorts: Set<Int>
  /// Whether the allowlist that applies allows a checked URL now; `nil` when none applies.
  package let allows: (@Sendable (EligibleURL) -> Bool)?

  /// Creates a rule without an allowlist: every eligible web link opens in-app.
  ///
  /// - Parameter permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  public init(permittedPorts: Set<Int> = []) {
    self.init(permittedPorts: permittedPorts, allows: nil)
  }

  /// Creates a rule that also asks `allows`, for the allowlist products.
  package init(permittedPorts: Set<Int>, allows: (@Sendable (EligibleURL) -> Bool)?) {
    self.permittedPorts = permittedPorts
    self.allows = allows
  }

  /// The checked URL when `url` would open in the in-app browser now, or `nil`.
  public func eligibleURL(_ url: URL) -> EligibleURL? {
    // The safety check admits only http and https with a host: what the in-app browser can show.
    guard case .success(let eligible) = URLSafety.check(url, permittedPorts: permittedPorts) else { return nil }
    guard let allows else { return eligible }
    return allows(eligible) ? eligible : nil
  }

  /// Whether `url` would open in the in-app browser now.
  public func opensInApp(_ url: URL) -> Bool { eligibleURL(url) != nil }
}
