package import Foundation
package import URLResponderChainCore

extension LinkPolicy {
  /// The menu for a long press on `url`, or `nil` when the link gets no menu: the table in
  /// `LinkPolicy`'s documentation (a preview exactly when the link opens in-app). The link surfaces (`LinkButton`,
  /// `LinkRoutingTextViewDelegate`, `LinkRoutingNavigationDelegate`) only translate it.
  package func menu(for url: URL) -> LinkMenu? {
    guard let scheme = LinkScheme.of(url), !LinkScheme.isDocumentLocal(scheme) else { return nil }
    let isWeb = scheme == "http" || scheme == "https"
    return LinkMenu(
      previewURL: eligibleURL(url) != nil ? url : nil,
      actions: isWeb ? [.open, .copyLink, .share] : [.open, .copyLink])
  }
}
