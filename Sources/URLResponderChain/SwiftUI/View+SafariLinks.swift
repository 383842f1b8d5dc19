#if canImport(SwiftUI) && canImport(UIKit) && canImport(SafariServices) && !os(watchOS) && !os(tvOS)
  public import SwiftUI
  public import URLResponderChainCore
  import UIKit

  extension View {
    /// Shows the links that reach this view's place in the chain where the app's link policy
    /// says: in `SFSafariViewController`, their own app, the default browser (the person's
    /// preference), the system, or nowhere.
    ///
    /// It declares, and does not handle: the handlers inside and around it are all asked
    /// first. When none takes a link sent from inside it, or one answers `.systemAction`, the
    /// application at the chain's end asks the declaration nearest the link's origin, once,
    /// and this one shows the link by the core's `LinkPresenter` rules: only what
    /// `EligibleURL` accepts is shown in Safari (never after `.systemAction`), a link already
    /// showing is not presented twice, the universal link's app is tried first when the policy
    /// says so, and the Safari view is presented modally from the top-most presented view
    /// controller above the hosting controller.
    ///
    /// ```swift
    /// struct ReaderView: View {
    ///   @AppStorage("openLinksIn") private var openLinksIn = LinkOpeningPreference.inApp
    ///
    ///   var body: some View {
    ///     ArticleView()
    ///       .presentsLinksInSafari(policy: LinkPolicy(preference: openLinksIn))
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - policy: Where each link opens; build it from the app's setting. Defaults to every
    ///     eligible web link in-app.
    ///   - appearance: How the Safari view looks.
    ///   - fileID: Where the modifier is written, shown in traces; leave the default.
    ///   - line: The line it is written on, shown in traces; leave the default.
    public func presentsLinksInSafari(
      policy: LinkPolicy = LinkPolicy(),
      appearance: SafariURLPresenter.Appearance = SafariURLPresenter.Appearance(),
      fileID: String = #fileID, line: Int = #line
    ) -> some View {
      modifier(SafariLinksModifier(policy: policy, appearance: appearance, name: "\(fileID):\(line)"))
    }
  }

  /// A link modifier whose decision is a `SafariURLPresenter`'s.
  private struct SafariLinksModifier: ViewModifier {
    let policy: LinkPolicy
    let appearance: SafariURLPresenter.Appearance
    let name: String
    /// Made once for the view's lifetime; the latest policy and appearance are set at each update.
    @State private var presenter = SafariURLPresenter()

    func body(content: Content) -> some View {
      let presenter = self.presenter
      presenter.policy = policy
      presenter.appearance = appearance
      let linkPresenter = presenter.presenter
      // A declaration, not a handler: links pass on, and the chain's end shows them by this
      // presenter's policy when it is the declaration nearest their origin.
      return content.modifier(URLHandlerModifier(name: name, configure: { $0.linkPresenter = linkPresenter }, nil))
    }
  }
#endif
