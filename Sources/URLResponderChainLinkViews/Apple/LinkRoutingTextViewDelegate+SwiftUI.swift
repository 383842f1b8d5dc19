#if canImport(UIKit) && canImport(SafariServices) && canImport(WebKit) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import SwiftUI
  public import UIKit
  import URLResponderChain

  extension LinkRoutingTextViewDelegate {
    /// Becomes the delegate of a text view that SwiftUI shows, as ``attach(to:)`` does, and
    /// sends its links to the SwiftUI view's link modifiers first.
    ///
    /// A text view's links go up the UIKit responder chain, which passes the hosting
    /// controller but never the SwiftUI modifiers around the text view. Attached with the
    /// environment of the representable that made it, the text view's links (tapped, or opened
    /// from a long-press menu) start at the innermost `urlHandler` or `presentsLinksInSafari`
    /// modifier around it, go out through each enclosing one, then through the hosting
    /// controller's chain to the application, as a SwiftUI `Link` does. With no such modifier
    /// around it, they start at the text view.
    ///
    /// ```swift
    /// struct NoteText: UIViewRepresentable {
    ///   let text: NSAttributedString
    ///
    ///   func makeCoordinator() -> LinkRoutingTextViewDelegate { LinkRoutingTextViewDelegate() }
    ///
    ///   func makeUIView(context: Context) -> UITextView {
    ///     let textView = UITextView()
    ///     textView.isEditable = false
    ///     return textView
    ///   }
    ///
    ///   func updateUIView(_ textView: UITextView, context: Context) {
    ///     context.coordinator.attach(to: textView, in: context.environment)
    ///     textView.attributedText = text
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - textView: The text view; it holds its delegate weakly, so keep this one (a
    ///     representable's coordinator does).
    ///   - environment: The representable's `context.environment`. Call it from
    ///     `updateUIView(_:context:)`, so a new enclosing modifier is the one asked.
    public func attach(to textView: UITextView, in environment: EnvironmentValues) {
      enclosingModifier = environment.innermostLinkHandler
      attach(to: textView)
    }
  }
#endif
