package import Foundation
package import URLResponderChainCore

extension InAppLinkRule {
  /// The menu for a long press on `url`, or `nil` when the link gets no menu: the table in
  /// ``InAppLinkRule``'s documentation. The link surfaces (`LinkButton`,
  /// `LinkRoutingTextViewDelegate`, `LinkRoutingNavigationDelegate`) only translate it.
  package func menu(for url: URL) -> LinkMenu? {
    guard let scheme = LinkScheme.of(url), !LinkScheme.documentLocal.contains(scheme) else { return nil }
    let isWeb = scheme == "http" || scheme == "https"
    return LinkMenu(
      previewURL: opensInApp(url) ? url : nil,
      actions: isWeb ? [.open, .copyLink, .share] : [.open, .copyLink])
  }
}
