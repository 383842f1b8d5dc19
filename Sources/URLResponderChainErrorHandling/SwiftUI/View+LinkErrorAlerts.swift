#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  public import SwiftUI
  import URLResponderChain
  import URLResponderChainCore

  extension View {
    /// Shows the errors that links inside this view report up the chain as alerts: an
    /// `AlertableError`'s title and message with OK, or Retry and Cancel for a
    /// `RetryableError` (a remote allowlist's recovery prompts: offline, sign-in), which the
    /// buttons resolve. An alert for a retryable error closes itself when the recovery ends
    /// without a tap. What `AlertPresentingErrorHandler` does for a view controller.
    ///
    /// The modifier is a node of the chain, like `urlHandler(_:fileID:line:)`: it passes
    /// every link on, and takes the errors reported from inside it. One alert shows at a
    /// time; an error that arrives while one shows, and any error that is not alertable, goes
    /// on up the chain.
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
      // The alert modifier inside reads the node of the handler outside it from the environment.
      modifier(LinkErrorAlertsModifier()).urlHandler({ _, _ in .notHandled }, fileID: fileID, line: line)
    }
  }

  /// Shows the prompts of the node around it as alerts.
  private struct LinkErrorAlertsModifier: ViewModifier {
    @Environment(\.innermostLinkHandler) private var node
    @State private var prompter = ErrorPrompter()
    @State private var prompt: ErrorPrompter.Prompt?

    func body(content: Content) -> some View {
      let prompter = self.prompter
      let shown = $prompt
      prompter.onChange = { shown.wrappedValue = $0 }
      node?.showsError = { [weak prompter] error in prompter?.show(error) ?? false }
      // Only a button closes an alert, and each one tells the prompter first.
      let isPresented = Binding(get: { shown.wrappedValue != nil }, set: { _ in })
      return content.alert(prompt?.content.title ?? "", isPresented: isPresented, presenting: prompt) { prompt in
        ForEach(prompt.content.buttons, id: \.self) { button in
          Button(button.title, role: button == .cancel ? .cancel : nil) { prompter.press(button) }
        }
      } message: { prompt in
        Text(prompt.content.message)
      }
    }
  }
#endif
