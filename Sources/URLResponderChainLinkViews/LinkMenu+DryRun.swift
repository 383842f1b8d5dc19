package import Foundation
package import URLResponderChainCore

extension LinkMenu {
  /// The menu for a long press on `url`, sent from `origin`, or `nil` when the link gets no
  /// menu (a scheme of a document's own, or none): the table in `LinkPolicy`'s
  /// documentation. The preview is the in-app browser exactly when a tap would show the link
  /// in-app (`LinkDryRun`), and it shows the URL as the handlers rewrote it, checked, and
  /// only a web link (``InAppBrowserURL``: `SFSafariViewController` raises for any other). The link
  /// surfaces (`LinkButton`, `LinkRoutingTextViewDelegate`, `LinkRoutingNavigationDelegate`)
  /// only translate it.
  @MainActor
  package init?(for url: URL, from origin: any ResponderChainNode) {
    guard let scheme = LinkScheme.of(url), !LinkScheme.isDocumentLocal(url) else { return nil }
    let isWeb = scheme == "http" || scheme == "https"
    self.init(
      previewURL: LinkDryRun.run(of: url, from: origin).inApp,
      actions: isWeb ? [.open, .copyLink, .share] : [.open, .copyLink])
  }
}
