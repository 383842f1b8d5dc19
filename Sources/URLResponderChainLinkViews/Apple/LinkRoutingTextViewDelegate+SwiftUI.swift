#if canImport(UIKit) && canImport(SafariServices) && canImport(WebKit) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import SwiftUI
  public import UIKit
  import URLResponderChain

  extension LinkRoutingTextViewDelegate {
    /// Becomes the delegate of a text view that SwiftUI shows, as ``attach(to:)`` does; its
    /// links then start at the innermost `urlHandler` or `presentsLinksInSafari` modifier
    /// around it rather than at the text view.
    ///
    /// Without it, a tapped link or the menu's Open goes up the UIKit chain from the text
    /// view, which leads to the hosting controller and never passes the modifiers. With no
    /// modifier around the text view, links start at it, as with ``attach(to:)``. Call it from
    /// the representable's `updateUIView(_:context:)` with `context.environment`, so a new
    /// enclosing modifier is the one asked; the article "Links in text views and buttons"
    /// has a representable that does.
    ///
    /// - Parameters:
    ///   - textView: The text view; it holds its delegate weakly, so keep this one (a
    ///     representable's coordinator does).
    ///   - environment: The representable's `context.environment`.
    public func attach(to textView: UITextView, in environment: EnvironmentValues) {
      enclosingModifier = environment.innermostLinkHandler
      attach(to: textView)
    }
  }
#endif
