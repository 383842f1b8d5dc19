public import Foundation

/// Which web links the app shows in its in-app browser: the rule previews and prewarming
/// follow, so that they only ever show or warm up what a tap would open in-app.
///
/// A link qualifies when it is `http` or `https`, passes ``URLSafety``, and is allowed by the
/// allowlist, where one applies. Previews cannot wait for the network, so the allowlist
/// answers from what it holds now (``URLVerdictProviding``): a remote allowlist without a
/// list yet refuses everything.
///
/// ```swift
/// let rule = InAppLinkRule(allowlist: try Allowlist(allow: ["*.example.com"]))
/// rule.opensInApp(URL(string: "https://docs.example.com/a")!)   // true
/// ```
public struct InAppLinkRule: Sendable {
  /// The allowlist that applies, or `nil` when every eligible web link opens in-app.
  public var allowlist: (any URLVerdictProviding)?
  /// Non-default ports the app's rules name explicitly.
  public var permittedPorts: Set<Int>

  /// Creates the rule.
  ///
  /// - Parameters:
  ///   - allowlist: The allowlist that applies, if any. Defaults to none.
  ///   - permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  public init(allowlist: (any URLVerdictProviding)? = nil, permittedPorts: Set<Int> = []) {
    self.allowlist = allowlist
    self.permittedPorts = permittedPorts
  }

  /// The checked URL when `url` would open in the in-app browser now, or `nil`.
  public func eligibleURL(_ url: URL) -> EligibleURL? {
    // URLSafety admits only http and https with a host: what the in-app browser can show.
    guard case .success(let eligible) = URLSafety.check(url, permittedPorts: permittedPorts) else { return nil }
    guard let allowlist else { return eligible }
    return allowlist.verdict(for: eligible).isAllowed ? eligible : nil
  }

  /// Whether `url` would open in the in-app browser now.
  public func opensInApp(_ url: URL) -> Bool { eligibleURL(url) != nil }
}
