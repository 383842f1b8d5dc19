public import Foundation

/// A URL that passed every safety rule, with the parts matching works on.
///
/// Obtain one from ``URLSafety/check(_:permittedPorts:)-(String,_)``. ``url`` is the exact
/// value that was checked and must be the one that is opened.
public struct EligibleURL: Sendable, Hashable {
  /// The URL to open: exactly the value that was checked.
  public let url: URL
  /// `"http"` or `"https"`; or one of the app's own schemes, only when the check was asked
  /// for them (``URLSafety/check(_:customSchemes:permittedPorts:)``).
  public let scheme: String
  /// The host, lowercased, without a trailing dot: only letters, digits, hyphens and dots.
  public let host: String
  /// The explicit port when it is not the scheme's default; `nil` otherwise.
  public let port: Int?
  /// The percent-encoded path a browser loads: `.` and `..` segments (also written `%2e`,
  /// in any case) resolved as the URL Standard resolves them, `"/"` when empty. So
  /// `https://example.com/guides/%2e%2e/admin` has the path `/admin`, and a rule for
  /// `/guides/*` does not match it. ``url`` is left exactly as it was checked.
  public let path: String
}
