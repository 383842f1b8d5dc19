#if canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  import Foundation
  import UIKit

  /// The context menu of a view's links (a ``LinkButton``, the links of a PDF page): the dry
  /// run's menu (`LinkMenu`) for the link at the pressed point, with committing the preview
  /// sending the link up the chain.
  @MainActor
  final class LinkMenuInteractionDelegate: NSObject, UIContextMenuInteractionDelegate {
    private let link: @MainActor (CGPoint) -> URL?
    private let origin: @MainActor (UIView) -> LinkOrigin?

    /// - Parameters:
    ///   - link: The link at a point of the interaction's view, or `nil`: no menu.
    ///   - origin: Where the interaction's view sends its links from, and who hears the results;
    ///     `nil` (its owner has gone): no menu.
    init(link: @escaping @MainActor (CGPoint) -> URL?, origin: @escaping @MainActor (UIView) -> LinkOrigin?) {
      self.link = link
      self.origin = origin
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
    ) -> UIContextMenuConfiguration? {
      guard let view = interaction.view, let url = link(location) else { return nil }
      return origin(view)?.configuration(for: url)
    }

    func contextMenuInteraction(
      _ interaction: UIContextMenuInteraction,
      willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
      animator: any UIContextMenuInteractionCommitAnimating
    ) {
      guard let view = interaction.view, let url = configuration.identifier as? URL else { return }
      origin(view)?.commit(url, animator: animator)
    }
  }
#endif
