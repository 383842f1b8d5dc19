#if canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  import Foundation
  import UIKit
  import URLResponderChainCore
  import URLResponderChain

  /// The context menu of a view's links (a ``LinkButton``, the links of a PDF page): the dry
  /// run's menu (`LinkMenu`) for the link at the pressed point, with committing the preview
  /// sending the link up the chain.
  @MainActor
  final class LinkMenuInteractionDelegate: NSObject, UIContextMenuInteractionDelegate {
    private let link: @MainActor (CGPoint) -> URL?
    private let menu: @MainActor (URL) -> LinkMenu?
    private let onResult: @MainActor () -> (@MainActor @Sendable (URLPropagationResult) -> Void)?
    private let start: @MainActor () -> (any ResponderChainNode)?

    /// - Parameters:
    ///   - link: The link at a point of the interaction's view, or `nil`: no menu.
    ///   - start: Where Open sends the link up from, when not the view (a SwiftUI modifier's node).
    init(
      link: @escaping @MainActor (CGPoint) -> URL?, menu: @escaping @MainActor (URL) -> LinkMenu?,
      onResult: @escaping @MainActor () -> (@MainActor @Sendable (URLPropagationResult) -> Void)?,
      startingAt start: @escaping @MainActor () -> (any ResponderChainNode)? = { nil }
    ) {
      self.link = link
      self.menu = menu
      self.onResult = onResult
      self.start = start
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration? {
      guard let view = interaction.view, let url = link(location), let menu = menu(url) else { return nil }
      return LinkContextMenu.configuration(
        for: url, menu: menu, from: view, startingAt: start(), onResult: onResult())
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {
      guard let view = interaction.view, let url = configuration.identifier as? URL else { return }
      LinkContextMenu.commit(url, from: view, startingAt: start(), animator: animator, onResult: onResult())
    }
  }
#endif
