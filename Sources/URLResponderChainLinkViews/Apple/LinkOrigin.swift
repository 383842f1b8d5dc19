#if canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  package import Foundation
  import SafariServices
  package import UIKit
  import URLResponderChainCore
  import URLResponderChain

  /// Where a view's links go up the responder chain from, and who hears how each walk ended.
  ///
  /// Text views, web views, PDF views and link buttons send their links, and build their
  /// long-press menus, through it, so "the innermost SwiftUI link modifier around the view,
  /// else the view" is decided once, here. Every action that opens a link sends it up the
  /// chain; nothing here presents a link by itself. It holds the view and the modifier
  /// weakly: a menu or an action kept after its view has gone does nothing.
  @MainActor
  package struct LinkOrigin {
    /// The view whose links these are.
    weak var view: UIView?
    /// The innermost SwiftUI link modifier around the view, where its links start when there
    /// is one (a view inside SwiftUI).
    weak var enclosingModifier: ViewLinkHandler?
    /// Called with each propagation's result.
    let onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?

    /// Where a walk starts: the innermost link modifier around the view, else the view;
    /// `nil` once the view has gone.
    private var start: (any ResponderChainNode)? { view.map { enclosingModifier ?? $0 as any ResponderChainNode } }

    /// Sends `url` up the chain, as a tap on it does.
    package func send(_ url: URL) {
      start?.propagateURL(url) { [onResult] result in onResult?(result) }
    }

    /// The long-press menu of `url`: the dry run of a tap from where it would start.
    package func menu(for url: URL) -> LinkMenu? {
      start.flatMap { LinkMenu(for: url, from: $0) }
    }

    /// A context menu configuration for `url`: a Safari preview when its menu has one, and
    /// the menu's actions; `nil` for a link with no menu.
    package func configuration(for url: URL) -> UIContextMenuConfiguration? {
      guard let menu = menu(for: url) else { return nil }
      let preview: UIContextMenuContentPreviewProvider? = menu.previewURL.map { previewURL in
        { SFSafariViewController(url: previewURL.url) }
      }
      return UIContextMenuConfiguration(identifier: url as NSURL, previewProvider: preview) { _ in
        uiMenu(for: url, menu: menu)
      }
    }

    /// The menu's actions as a `UIMenu`.
    package func uiMenu(for url: URL, menu: LinkMenu) -> UIMenu {
      UIMenu(
        children: menu.actions.map { action in
          switch action {
          case .open:
            UIAction(title: "Open", image: UIImage(systemName: "safari")) { _ in send(url) }
          case .copyLink:
            UIAction(title: "Copy Link", image: UIImage(systemName: "doc.on.doc")) { _ in
              UIPasteboard.general.url = url
            }
          case .share:
            UIAction(title: "Share…", image: UIImage(systemName: "square.and.arrow.up")) { _ in share(url) }
          }
        })
    }

    /// Committing a preview: once the menu has closed, the link goes up the chain as a tap would.
    package func commit(_ url: URL, animator: any UIContextMenuInteractionCommitAnimating) {
      animator.preferredCommitStyle = .dismiss
      animator.addCompletion { send(url) }
    }

    private func share(_ url: URL) {
      guard let view, let host = view.window?.rootViewController?.topmostPresentationHost as? UIViewController
      else { return }
      let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
      sheet.popoverPresentationController?.sourceView = view
      sheet.popoverPresentationController?.sourceRect = view.bounds
      host.present(sheet, animated: true)
    }
  }
#endif
