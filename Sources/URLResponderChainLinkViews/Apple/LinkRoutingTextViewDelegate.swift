#if canImport(UIKit) && canImport(SafariServices) && canImport(WebKit) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import Foundation
  public import SwiftUI
  public import UIKit
  public import URLResponderChainCore
  import URLResponderChain

  /// A text view delegate that sends tapped links up the responder chain from the text view,
  /// instead of letting UIKit open them, while the app's own delegate keeps every callback.
  ///
  /// ``attach(to:)`` keeps the text view's existing delegate (weakly) as ``textViewDelegate``
  /// and forwards to it every callback this delegate does not own: editing, selection,
  /// scrolling, edit menus. This delegate owns what a tap or a long press on a text item
  /// does; for a link it answers itself, for any other item (an attachment, a tag) it asks
  /// ``textViewDelegate`` when that implements the callback, and leaves UIKit's default
  /// otherwise.
  ///
  /// Keep a strong reference to it (text views hold their delegate weakly).
  ///
  /// ```swift
  /// let linkRouting = LinkRoutingTextViewDelegate()
  /// linkRouting.attach(to: textView)   // the delegate textView had keeps its callbacks
  /// ```
  ///
  /// Inside SwiftUI, attach it with the representable's environment,
  /// ``attach(to:in:)``, so the text view's links meet the `urlHandler` modifiers around it
  /// before the hosting controller's chain.
  @MainActor
  public final class LinkRoutingTextViewDelegate: NSObject, UITextViewDelegate, LinkRoutingDelegate {
    /// The app's own text view delegate, which keeps every callback about anything but links.
    public weak var textViewDelegate: (any UITextViewDelegate)?
    /// Called with each propagation's result, for logging or reporting.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    /// The innermost SwiftUI link modifier around the text view, where its links' walks start
    /// (``attach(to:in:)``); `nil` starts them at the text view.
    package weak var enclosingModifier: ViewLinkHandler?
    /// The delegate forwarded to: ``textViewDelegate``.
    package var appDelegates: [(any NSObjectProtocol)?] { [textViewDelegate] }

    /// Becomes `textView`'s delegate, keeping the one it had (unless ``textViewDelegate`` is
    /// set already) as the delegate it forwards to.
    public func attach(to textView: UITextView) {
      textViewDelegate = delegateToKeep(textViewDelegate, else: textView.delegate)
      textView.delegate = self
    }

    /// Becomes the delegate of a text view that SwiftUI shows, as ``attach(to:)`` does; its
    /// links then start at the innermost `urlHandler` or `presentsLinksInSafari` modifier
    /// around it rather than at the text view, which would lead to the hosting controller
    /// and never pass the modifiers.
    ///
    /// Call it from the representable's `updateUIView(_:context:)` with `context.environment`,
    /// so a new enclosing modifier is the one asked; the article "Links in text views and
    /// buttons" has a representable that does.
    ///
    /// - Parameters:
    ///   - textView: The text view; it holds its delegate weakly, so keep this one (a
    ///     representable's coordinator does).
    ///   - environment: The representable's `context.environment`.
    public func attach(to textView: UITextView, in environment: EnvironmentValues) {
      enclosingModifier = environment.innermostLinkHandler
      attach(to: textView)
    }

    // MARK: - Forwarding (`LinkRoutingDelegate` says why `appDelegate(for:)` is sound)

    /// Whether this delegate, or the app's delegate it forwards to, implements `aSelector`.
    override public nonisolated func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || appDelegate(for: aSelector) != nil
    }

    /// The app's delegate, for a callback this delegate does not own and it implements.
    override public nonisolated func forwardingTarget(for aSelector: Selector!) -> Any? {
      appDelegate(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }

    // MARK: - Owned callbacks

    /// iOS 17+: a tapped link's primary action propagates the URL; other text items keep the
    /// app delegate's action, or UIKit's.
    @available(iOS 17.0, visionOS 1.0, *)
    public func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction)
      -> UIAction?
    {
      let link: URL? = if case .link(let url) = textItem.content { url } else { nil }
      // The protocol's selector, named through this class's witness of it.
      let selector = #selector(Self.textView(_:primaryActionFor:defaultAction:))
      switch TextItemRouting.tap(link: link, appDelegateImplements: appDelegate(for: selector) != nil) {
      case .chain(let link):
        let origin = self.origin(textView)
        return UIAction { _ in origin.send(link) }
      case .appDelegate:
        return textViewDelegate?.textView?(textView, primaryActionFor: textItem, defaultAction: defaultAction)
      case .system:
        return defaultAction
      }
    }

    /// iOS 17+: a long press on a link shows its menu, with a web preview only for a link a
    /// tap would show in-app (a dry run of the tap: the handlers it would ask answer, with
    /// nothing performed, then the policy of the presenter it reaches). UIKit's own link
    /// preview, which would show any link in-app, is never used. The preview is a live page
    /// in a web view with no persistent website data (UIKit takes a view here, not a view
    /// controller, so the Safari view cannot be the preview); Open sends the link up the
    /// chain. Links that never leave the document (`javascript:`, `data:`…) get no menu.
    /// Other text items keep the app delegate's menu, or UIKit's.
    @available(iOS 17.0, visionOS 1.0, *)
    public func textView(
      _ textView: UITextView, menuConfigurationFor textItem: UITextItem, defaultMenu: UIMenu
    ) -> UITextItem.MenuConfiguration? {
      let link: URL? = if case .link(let url) = textItem.content { url } else { nil }
      let selector = #selector(Self.textView(_:menuConfigurationFor:defaultMenu:))
      let implements = appDelegate(for: selector) != nil
      switch TextItemRouting.menu(link: link, previewsLinks: true, appDelegateImplements: implements) {
      case .chain(let link):
        let origin = self.origin(textView)
        guard let menu = origin.menu(for: link) else { return nil }
        let preview = menu.previewURL.map { UITextItem.MenuConfiguration.Preview.view(LinkPreviewWebView(url: $0)) }
        return UITextItem.MenuConfiguration(preview: preview, menu: origin.uiMenu(for: link, menu: menu))
      case .appDelegate:
        return textViewDelegate?.textView?(textView, menuConfigurationFor: textItem, defaultMenu: defaultMenu)
      case .system:
        return UITextItem.MenuConfiguration(menu: defaultMenu)
      }
    }

    /// Before iOS 17: a tap on a link propagates the URL; previews and menus stay the app
    /// delegate's, or UIKit's.
    @available(iOS, deprecated: 17.0, message: "UIKit calls textView(_:primaryActionFor:defaultAction:) instead")
    @available(visionOS, deprecated: 1.0)
    public func textView(
      _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
      interaction: UITextItemInteraction
    ) -> Bool {
      let selector = #selector(Self.textView(_:shouldInteractWith:in:interaction:))
      let isTap = interaction == .invokeDefaultAction
      let implements = appDelegate(for: selector) != nil
      switch TextItemRouting.linkInteraction(URL, isTap: isTap, appDelegateImplements: implements) {
      case .chain(let link):
        origin(textView).send(link)
        return false
      case .appDelegate:
        return textViewDelegate?.textView?(
          textView, shouldInteractWith: URL, in: characterRange, interaction: interaction)
          ?? true
      case .system:
        return true
      }
    }
  }
#endif
