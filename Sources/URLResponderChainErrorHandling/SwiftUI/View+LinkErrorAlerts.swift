#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  public import SwiftUI
  import UIKit
  import URLResponderChain
  import URLResponderChainCore

  extension View {
    /// Shows the errors that links inside this view report up the chain as alerts: an
    /// `AlertableError`'s title and message with OK, or Retry and Cancel for a
    /// `RetryableError` (a remote allowlist's recovery prompts: offline, a server error),
    /// which the buttons resolve. An alert for a retryable error closes itself when the
    /// recovery ends without a tap. The alerts are `AlertPresentingErrorHandler`'s, presented
    /// from the hosting controller's top-most presented view controller.
    ///
    /// The modifier is a node of the chain, like `urlHandler(_:fileID:line:)`: it passes
    /// every link on, and takes the errors reported from inside it. One alert shows at a
    /// time; an error that arrives while one shows, one that is not alertable (a sign-in),
    /// and any error while the view is in no window go on up the chain.
    ///
    /// ```swift
    /// struct ReaderView: View {
    ///   var body: some View {
    ///     ArticleView()
    ///       .presentsLinksInSafari()
    ///       .presentsLinkErrorsAsAlerts()
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the modifier is written, shown in traces; leave the default.
    ///   - line: The line it is written on, shown in traces; leave the default.
    public func presentsLinkErrorsAsAlerts(fileID: String = #fileID, line: Int = #line) -> some View {
      modifier(
        URLHandlerModifier(
          name: "\(fileID):\(line)",
          configure: { node in
            // The node's anchor is a view in the hosting controller's hierarchy: the first view
            // controller on its responder chain presents, as a UIKit screen's alert would.
            node.showsError = { [weak node] error in
              var responder = node?.anchor as? UIResponder
              while let current = responder, !(current is UIViewController) { responder = current.next }
              return (responder as? UIViewController)?.presentAlert(for: error) ?? false
            }
          },
          nil))
    }
  }
#endif
