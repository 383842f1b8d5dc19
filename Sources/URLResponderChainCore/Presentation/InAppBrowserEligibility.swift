package import Foundation

/// Whether a URL may be shown in an in-app browser at all.
///
/// `SFSafariViewController` raises an exception that cannot be caught for anything but an
/// `http` or `https` URL, so this check runs before any presentation: everything else is
/// passed on (or opened by the system), never presented.
package enum InAppBrowserEligibility {
  /// Whether `url` is `http` or `https` with a host.
  ///
  /// ```swift
  /// InAppBrowserEligibility.allows(URL(string: "mailto:a@example.com")!)   // false
  /// ```
  package static func allows(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
    return url.host?.isEmpty == false
  }
}
