package import Foundation

/// Whether a URL may be shown in an in-app browser at all.
///
/// `SFSafariViewController` raises an exception that cannot be caught for anything but an
/// `http` or `https` URL, and a URL that ``EligibleURL`` refuses (a user or password, an IP
/// address as host, a control character, a non-default port) is one a person cannot judge by
/// its address bar. So this check runs before any presentation, and again in the presenter
/// itself: everything it refuses is passed on (or opened by the system), never presented.
package enum InAppBrowserEligibility {
  /// Whether `url` is an ``EligibleURL``: `http` or `https`, written `scheme://host`, with no
  /// user or password, no IP address, and the scheme's default port. The same rule decides
  /// a tap, a long-press preview and a prewarm, so the three agree on every URL.
  ///
  /// ```swift
  /// InAppBrowserEligibility.allows(URL(string: "mailto:a@example.com")!)          // false
  /// InAppBrowserEligibility.allows(URL(string: "https://user:pass@example.com")!)  // false
  /// ```
  package static func allows(_ url: URL) -> Bool {
    if case .success = URLSafety.check(url) { true } else { false }
  }
}
