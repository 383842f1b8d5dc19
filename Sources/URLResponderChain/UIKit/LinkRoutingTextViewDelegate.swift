#if canImport(UIKit) && canImport(SafariServices) && canImport(WebKit) && (os(iOS) || os(visionOS))
  public import Foundation
  public import UIKit
  public import URLResponderChainCore

  /// A text view delegate that sends tapped links up the responder chain from the text view,
  /// instead of letting UIKit open them.
  ///
  /// Keep a strong reference to it (text views hold their delegate weakly).
  ///
  /// ```swift
  /// let linkRouting = LinkRoutingTextViewDelegate()
  /// textView.delegate = linkRouting
  /// ```
  @MainActor
  public final class LinkRoutingTextViewDelegate: NSObject, UITextViewDelegate {
    /// Called with each propagation's result, for logging or reporting.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    /// iOS 17+: decides what a long press on a link shows (``LinkPreviewPolicy``); `nil`
    /// leaves link menus to UIKit.
    public var previews: LinkPreviewPolicy?

    /// Creates a delegate.
    ///
    /// - Parameter previews: What a long press on a link shows (iOS 17+). Defaults to previews
    ///   of every eligible web link; pass a policy with the app's ``InAppLinkRule``, or `nil`
    ///   for UIKit's own menu.
    public init(previews: LinkPreviewPolicy? = LinkPreviewPolicy()) {
      self.previews = previews
    }

    /// iOS 17+: a tapped link's primary action propagates the URL; other text items keep theirs.
    @available(iOS 17.0, visionOS 1.0, *)
    public func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction)
      -> UIAction?
    {
      guard case .link(let url) = textItem.content else { return defaultAction }
      return UIAction { [weak self, weak textView] _ in
        guard let textView else { return }
        textView.propagateURL(url) { result in self?.onResult?(result) }
      }
    }

    /// iOS 17+: a long press on a link shows the ``previews`` menu. Its web preview is a
    /// live page in a web view with no persistent website data (UIKit takes a view here, not
    /// a view controller, so the Safari view cannot be the preview); Open sends the link up
    /// the chain. Links that never leave the document (`javascript:`, `data:`…) get no menu.
    @available(iOS 17.0, visionOS 1.0, *)
    public func textView(
      _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
    ) -> UITextItem.MenuConfiguration? {
      guard let previews, case .link(let url) = textItem.content else {
        return UITextItem.MenuConfiguration(menu: defaultMenu)
      }
      guard let menu = previews.menu(for: url) else { return nil }
      let actions = LinkContextMenu.uiMenu(for: url, menu: menu, from: textView, onResult: onResult)
      let preview = menu.previewURL.map { UITextItem.MenuConfiguration.Preview.view(LinkPreviewWebView(url: $0)) }
      return UITextItem.MenuConfiguration(preview: preview, menu: actions)
    }

    /// Before iOS 17: a tap on a link propagates the URL; previews and menus stay UIKit's.
    @available(iOS, deprecated: 17.0, message: "UIKit calls textView(_:primaryActionFor:defaultAction:) instead")
    @available(visionOS, deprecated: 1.0)
    public func textView(
      _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
      interaction: UITextItemInteraction
    ) -> Bool {
      guard interaction == .invokeDefaultAction else { return true }
      textView.propagateURL(URL) { [weak self] result in self?.onResult?(result) }
      return false
    }
  }
#endif
