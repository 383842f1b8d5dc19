#if canImport(PDFKit) && canImport(UIKit) && canImport(SafariServices) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import Foundation
  public import PDFKit
  public import SwiftUI
  import UIKit
  public import URLResponderChainCore
  import URLResponderChain

  /// A PDF view delegate that sends a tapped link up the responder chain from the PDF view,
  /// instead of letting PDFKit open it, and gives a long press on a link the menu a text
  /// view's link gets: a preview only for a link a tap would show in-app (the same dry run of
  /// the tap), Open, Copy Link and Share.
  ///
  /// ``attach(to:)`` keeps the PDF view's existing delegate (weakly) as ``pdfViewDelegate``,
  /// and every callback but a link's tap goes to it: the parent view controller, find, go to
  /// page, remote go-to actions.
  ///
  /// Keep a strong reference to it (PDF views hold their delegate weakly).
  ///
  /// ```swift
  /// let pdfView = PDFView()
  /// let linkRouting = LinkRoutingPDFViewDelegate()
  /// linkRouting.attach(to: pdfView)   // taps and long presses on links go through the chain
  /// ```
  @MainActor
  public final class LinkRoutingPDFViewDelegate: NSObject, PDFViewDelegate, LinkRoutingDelegate {
    /// The app's own PDF view delegate, which keeps every callback but a link's tap.
    public weak var pdfViewDelegate: (any PDFViewDelegate)?
    /// Called with each propagation's result, for logging or reporting.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    /// The innermost SwiftUI link modifier around the PDF view (`attach(to:in:)`), where its
    /// links start instead of at the PDF view.
    package weak var enclosingModifier: ViewLinkHandler?
    /// The delegate forwarded to: ``pdfViewDelegate``.
    package var appDelegates: [(any NSObjectProtocol)?] { [pdfViewDelegate] }
    private lazy var menuDelegate = LinkMenuInteractionDelegate(
      link: { [weak self] location in self?.pdfView.flatMap { Self.link(at: location, in: $0) } },
      origin: { [weak self] view in self?.origin(view) })
    private weak var pdfView: PDFView?

    /// Becomes `pdfView`'s delegate, keeping the one it had (unless ``pdfViewDelegate`` is
    /// set already) as the delegate it forwards to, and adds the links' long-press menu.
    public func attach(to pdfView: PDFView) {
      pdfViewDelegate = delegateToKeep(pdfViewDelegate, else: pdfView.delegate)
      pdfView.delegate = self
      if self.pdfView !== pdfView {
        self.pdfView = pdfView
        pdfView.addInteraction(UIContextMenuInteraction(delegate: menuDelegate))
      }
    }

    /// Becomes the delegate of a PDF view that SwiftUI shows, as ``attach(to:)`` does; its
    /// links then start at the innermost `urlHandler` or `presentsLinksInSafari` modifier
    /// around it rather than at the PDF view, as a text view's do.
    ///
    /// - Parameters:
    ///   - pdfView: The PDF view; it holds its delegate weakly, so keep this one (a
    ///     representable's coordinator does).
    ///   - environment: The representable's `context.environment`; call again from
    ///     `updateUIView(_:context:)`, so a new enclosing modifier is the one asked.
    public func attach(to pdfView: PDFView, in environment: EnvironmentValues) {
      enclosingModifier = environment.innermostLinkHandler
      attach(to: pdfView)
    }

    /// The URL of the link annotation under `location`, a point of `pdfView`, or `nil`.
    private static func link(at location: CGPoint, in pdfView: PDFView) -> URL? {
      guard let page = pdfView.page(for: location, nearest: false),
        let annotation = page.annotation(at: pdfView.convert(location, to: page))
      else { return nil }
      return annotation.url ?? (annotation.action as? PDFActionURL)?.url
    }

    // MARK: - Forwarding (`LinkRoutingDelegate` says why `appDelegate(for:)` is sound: PDFKit
    // asks its delegate on the main thread, where a PDF view lives)

    /// Whether this delegate, or the app's delegate it forwards to, implements `aSelector`.
    override public nonisolated func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || appDelegate(for: aSelector) != nil
    }

    /// The app's delegate, for a callback this delegate does not implement and it does.
    override public nonisolated func forwardingTarget(for aSelector: Selector!) -> Any? {
      appDelegate(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }

    // MARK: - Owned callback

    /// A tapped link goes up the responder chain from the PDF view, where handlers and the
    /// declared policy decide; PDFKit opens nothing itself.
    ///
    /// `nonisolated` because this SDK's `PDFViewDelegate` is not main-actor isolated; PDFKit
    /// calls it on the main thread, where the PDF view is used (see Forwarding).
    public nonisolated func pdfViewWillClick(onLink sender: PDFView, with url: URL) {
      MainActor.assumeIsolated { origin(sender).send(url) }
    }
  }
#endif
