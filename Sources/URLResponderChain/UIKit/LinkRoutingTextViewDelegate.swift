#if canImport(UIKit) && (os(iOS) || os(visionOS))
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

    /// Creates a delegate.
    override public init() {}

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
