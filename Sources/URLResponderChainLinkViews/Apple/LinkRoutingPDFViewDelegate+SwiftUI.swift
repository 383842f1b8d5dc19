#if canImport(PDFKit) && canImport(UIKit) && canImport(SafariServices) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import PDFKit
  public import SwiftUI
  import URLResponderChain

  extension LinkRoutingPDFViewDelegate {
    /// Becomes the delegate of a PDF view that SwiftUI shows, as ``attach(to:)`` does; its
    /// links then start at the innermost `urlHandler` or `presentsLinksInSafari` modifier
    /// around it rather than at the PDF view, as a text view's do
    /// (`LinkRoutingTextViewDelegate.attach(to:in:)`).
    ///
    /// Call it from the representable's `updateUIView(_:context:)` with `context.environment`,
    /// so a new enclosing modifier is the one asked.
    ///
    /// - Parameters:
    ///   - pdfView: The PDF view; it holds its delegate weakly, so keep this one (a
    ///     representable's coordinator does).
    ///   - environment: The representable's `context.environment`.
    public func attach(to pdfView: PDFView, in environment: EnvironmentValues) {
      enclosingModifier = environment.innermostLinkHandler
      attach(to: pdfView)
    }
  }
#endif
