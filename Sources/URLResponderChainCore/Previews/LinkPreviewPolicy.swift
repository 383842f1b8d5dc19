package import Foundation

/// Decides what a long press on a link shows: an in-app browser preview only for links a
/// tap would open in-app, and which actions the menu offers.
///
/// | Link | Preview | Actions |
/// | --- | --- | --- |
/// | `http`/`https`, eligible, allowed where an allowlist applies | in-app browser | Open, Copy Link, Share |
/// | Other `http`/`https` (refused by ``URLSafety`` or the allowlist, or the list is not known yet) | none | Open, Copy Link, Share |
/// | Another scheme that may leave the document (`mailto:`, `tel:`, an app's scheme) | none | Open, Copy Link |
/// | `WebLinkScheme.documentLocal` (`javascript:`, `data:`, `file:`…), or no readable scheme | no menu at all | — |
///
/// Open and committing the preview both send the link up the responder chain, so the
/// handlers that decide a tap also decide these; the menu never opens anything itself.
///
/// The link surfaces (`LinkButton`, `LinkRoutingTextViewDelegate`,
/// `LinkRoutingNavigationDelegate`) take the ``InAppLinkRule`` as their `previews`, and ask
/// this policy with it.
package struct LinkPreviewPolicy: Sendable {
  /// Which links open in the in-app browser.
  package var rule: InAppLinkRule

  /// Creates the policy.
  ///
  /// - Parameter rule: Which links open in-app; by default every eligible web link.
  package init(rule: InAppLinkRule = InAppLinkRule()) {
    self.rule = rule
  }

  /// The menu for a long press on `url`, or `nil` when the link gets no menu.
  package func menu(for url: URL) -> LinkMenu? {
    guard let scheme = LinkScheme.of(url), !LinkScheme.documentLocal.contains(scheme) else { return nil }
    let isWeb = scheme == "http" || scheme == "https"
    return LinkMenu(
      previewURL: rule.opensInApp(url) ? url : nil,
      actions: isWeb ? [.open, .copyLink, .share] : [.open, .copyLink])
  }
}
