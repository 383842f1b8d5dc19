#if canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  package import Foundation
  import SafariServices
  package import UIKit
  package import URLResponderChainCore
  import URLResponderChain

  /// Builds a link's long-press menu from the core's link menu, for text views, link
  /// buttons and web views alike. Every action that opens the link sends it up the responder
  /// chain from `start`, else from `view` (a view inside SwiftUI starts at the innermost link
  /// modifier around it); nothing here presents the link by itself.
  @MainActor
  package enum LinkContextMenu {
    /// A context menu configuration for `url`: a Safari preview when `menu` has one, and its actions.
    package static func configuration(
      for url: URL, menu: LinkMenu, from view: UIView, startingAt start: (any ResponderChainNode)? = nil,
      onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    ) -> UIContextMenuConfiguration {
      let preview: UIContextMenuContentPreviewProvider? = menu.previewURL.map { previewURL in
        { SFSafariViewController(url: previewURL.url) }
      }
      return UIContextMenuConfiguration(identifier: url as NSURL, previewProvider: preview) {
        [weak view, weak start] _ in
        guard let view else { return nil }
        return uiMenu(for: url, menu: menu, from: view, startingAt: start, onResult: onResult)
      }
    }

    /// The menu's actions as a `UIMenu`.
    package static func uiMenu(
      for url: URL, menu: LinkMenu, from view: UIView, startingAt start: (any ResponderChainNode)? = nil,
      onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    ) -> UIMenu {
      UIMenu(
        children: menu.actions.map { action in
          switch action {
          case .open:
            UIAction(title: "Open", image: UIImage(systemName: "safari")) { [weak view, weak start] _ in
              guard let view else { return }
              open(url, from: start ?? view, onResult: onResult)
            }
          case .copyLink:
            UIAction(title: "Copy Link", image: UIImage(systemName: "doc.on.doc")) { _ in
              UIPasteboard.general.url = url
            }
          case .share:
            UIAction(title: "Share…", image: UIImage(systemName: "square.and.arrow.up")) { [weak view] _ in
              guard let view else { return }
              share(url, from: view)
            }
          }
        })
    }

    /// Committing a preview: once the menu has closed, the link goes up the chain as a tap would.
    package static func commit(
      _ url: URL, from view: UIView, startingAt start: (any ResponderChainNode)? = nil,
      animator: any UIContextMenuInteractionCommitAnimating,
      onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    ) {
      animator.preferredCommitStyle = .dismiss
      animator.addCompletion { [weak view, weak start] in
        guard let view else { return }
        open(url, from: start ?? view, onResult: onResult)
      }
    }

    private static func open(
      _ url: URL, from start: any ResponderChainNode, onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    ) {
      start.propagateURL(url) { result in onResult?(result) }
    }

    private static func share(_ url: URL, from view: UIView) {
      guard let host = view.window?.rootViewController?.topmostPresentationHost as? UIViewController else { return }
      let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
      sheet.popoverPresentationController?.sourceView = view
      sheet.popoverPresentationController?.sourceRect = view.bounds
      host.present(sheet, animated: true)
    }
  }
#endif
