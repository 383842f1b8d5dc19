public import Foundation

/// Which web links the app shows in its in-app browser: the rule previews and prewarming
/// follow, so that they only ever show or warm up what a tap would open in-app.
///
/// A link qualifies when it is `http` or `https`, passes ``URLSafety``, and is allowed by the
/// allowlist, where one applies. Previews cannot wait for the network, so a remote allowlist
/// is consulted only through the list it holds now (``RemoteAllowlist/currentAllowlist()``):
/// before it has one, nothing qualifies.
///
/// ```swift
/// let rule = InAppLinkRule(allowlist: .remote(remoteAllowlist))
/// rule.opensInApp(url)   // false until the list is known, then its verdict
/// ```
public struct InAppLinkRule: Sendable {
  /// Where the allowlist comes from.
  public enum AllowlistSource: Sendable {
    /// No allowlist: every eligible web link opens in-app.
    case none
    /// A list the app holds.
    case list(Allowlist)
    /// A remote allowlist's current list; nothing qualifies while it has none.
    case remote(RemoteAllowlist)
  }

  /// Where the allowlist comes from.
  public var allowlist: AllowlistSource
  /// Non-default ports the app's rules name explicitly.
  public var permittedPorts: Set<Int>

  /// Creates the rule.
  ///
  /// - Parameters:
  ///   - allowlist: The allowlist that applies, if any. Defaults to none.
  ///   - permittedPorts: Non-default ports a rule names explicitly. Defaults to none.
  public init(allowlist: AllowlistSource = .none, permittedPorts: Set<Int> = []) {
    self.allowlist = allowlist
    self.permittedPorts = permittedPorts
  }

  /// The checked URL when `url` would open in the in-app browser now, or `nil`.
  public func eligibleURL(_ url: URL) -> EligibleURL? {
    // URLSafety admits only http and https with a host: what the in-app browser can show.
    guard case .success(let eligible) = URLSafety.check(url, permittedPorts: permittedPorts) else { return nil }
    switch allowlist {
    case .none:
      return eligible
    case .list(let list):
      return list.verdict(for: eligible).isAllowed ? eligible : nil
    case .remote(let remote):
      return remote.currentAllowlist()?.verdict(for: eligible).isAllowed == true ? eligible : nil
    }
  }

  /// Whether `url` would open in the in-app browser now.
  public func opensInApp(_ url: URL) -> Bool { eligibleURL(url) != nil }
}
