public import Foundation

/// A checked web link: an ``EligibleURL`` whose scheme is `http` or `https`. The only value an
/// in-app browser takes (``LinkPresentationEnvironment/presentInAppBrowser(for:from:onDismiss:)``,
/// a long press's preview), so no scheme is judged again after it: `SFSafariViewController`
/// raises for any other, and an ``EligibleURL`` may hold an app's own scheme
/// (``EligibleURL/init(_:customSchemes:permittedPorts:)``).
///
/// ```swift
/// let link = try EligibleURL("https://docs.example.com/guide")
/// if let shown = InAppBrowserURL(link) {
///   print(shown.url)   // https://docs.example.com/guide
/// }
/// ```
public struct InAppBrowserURL: Sendable, Hashable {
  /// The checked link, whose scheme is `http` or `https`.
  public let checked: EligibleURL

  /// The URL to show: exactly the value that was checked.
  public var url: URL { checked.url }

  /// The web link `checked` is, or `nil` when its scheme is an app's own.
  public init?(_ checked: EligibleURL) {
    guard checked.scheme == "http" || checked.scheme == "https" else { return nil }
    self.checked = checked
  }
}
