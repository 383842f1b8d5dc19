#if canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  import Foundation
  import UIKit
  import URLResponderChainCore
  import URLResponderChain

  /// The context menu of a view that stands for one link (``LinkButton``): the core's
  /// in-app rule's menu, with committing the preview sending the link up the chain.
  @MainActor
  final class LinkMenuInteractionDelegate: NSObject, UIContextMenuInteractionDelegate {
    private let link: @MainActor () -> URL?
    private let previews: @MainActor () -> LinkPolicy?
    private let onResult: @MainActor () -> (@MainActor @Sendable (URLPropagationResult) -> Void)?

    init(
      link: @escaping @MainActor () -> URL?, previews: @escaping @MainActor () -> LinkPolicy?,
      onResult: @escaping @MainActor () -> (@MainActor @Sendable (URLPropagationResult) -> Void)?
    ) {
      self.link = link
      self.previews = previews
      self.onResult = onResult
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration? {
      guard let view = interaction.view, let url = link(), let rule = previews(),
        let menu = rule.menu(for: url)
      else { return nil }
      return LinkContextMenu.configuration(for: url, menu: menu, from: view, onResult: onResult())
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {
      guard let view = interaction.view, let url = configuration.identifier as? URL else { return }
      LinkContextMenu.commit(url, from: view, animator: animator, onResult: onResult())
    }
  }
#endif
