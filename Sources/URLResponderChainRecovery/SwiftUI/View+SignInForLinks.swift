#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  public import SwiftUI
  import URLResponderChain
  import URLResponderChainCore

  extension View {
    /// Answers the sign-in prompts that links inside this view report up the chain (a remote
    /// allowlist whose server refused the app's credentials: ``SignInRequiredError``) with the
    /// app's own sign-in: `signIn` runs, and the links that waited open by themselves when it
    /// returns `true` (the fresh credentials stored where the list reads them), or end
    /// discarded when it returns `false`.
    ///
    /// An alert cannot sign anyone in, so `presentsLinkErrorsAsAlerts()` passes these prompts
    /// by; a `WindowGroup` app has no view controller of its own to take them. Put this
    /// modifier outside it, where the app can show its sign-in:
    ///
    /// ```swift
    /// struct ReaderView: View {
    ///   @State private var showsSignIn = false
    ///   var body: some View {
    ///     Text("Read the [guide](https://docs.example.com/guide).")
    ///       .presentsLinksInSafari()
    ///       .presentsLinkErrorsAsAlerts()
    ///       .presentsSignInForLinks { await signIn() }
    ///   }
    ///   func signIn() async -> Bool { true }  // the app's sign-in
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the modifier is written, shown in traces; leave the default.
    ///   - line: The line it is written on, shown in traces; leave the default.
    ///   - signIn: The app's sign-in: whether the person signed in.
    public func presentsSignInForLinks(
      fileID: String = #fileID, line: Int = #line, _ signIn: @escaping @MainActor () async -> Bool
    ) -> some View {
      modifier(
        URLHandlerModifier(
          name: "\(fileID):\(line)",
          configure: { node in
            node.showsError = { error in
              guard let prompt = error as? SignInRequiredError else { return false }
              Task { await prompt.signIn(signIn) }
              return true
            }
          },
          nil))
    }
  }
#endif
