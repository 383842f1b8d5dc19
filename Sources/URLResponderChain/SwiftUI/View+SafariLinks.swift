#if canImport(SwiftUI) && canImport(UIKit) && canImport(SafariServices) && !os(watchOS) && !os(tvOS)
  public import SwiftUI
  public import URLResponderChainCore
  import UIKit

  extension View {
    /// Shows the links that reach this view's place in the chain in `SFSafariViewController`,
    /// or in the default browser if that is the person's preference.
    ///
    /// It is a URL handler like `urlHandler(_:fileID:line:)`, asked after the handlers inside
    /// it, and it follows the core's `LinkPresenter` rules: only `http` and `https` are shown
    /// in Safari (other schemes go to the system), a link already showing is not presented
    /// twice, the universal link's app is tried first when asked, and the Safari view is
    /// presented modally from the top-most presented view controller.
    ///
    /// ```swift
    /// @AppStorage("openLinksIn") private var openLinksIn = LinkOpeningPreference.inApp
    ///
    /// var body: some View {
    ///   ArticleView()
    ///     .presentsLinksInSafari(preference: openLinksIn)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - preference: Where the person wants web links to open; read it from the app's
    ///     setting. Defaults to in-app.
    ///   - universalLinksFirst: Try the link's app first (`.universalLinksOnly`).
    ///   - appearance: How the Safari view looks.
    ///   - fileID: Where the modifier is written, shown in traces; leave the default.
    ///   - line: The line it is written on, shown in traces; leave the default.
    public func presentsLinksInSafari(
      preference: LinkOpeningPreference = .inApp,
      universalLinksFirst: Bool = false,
      appearance: SafariURLPresenter.Appearance = SafariURLPresenter.Appearance(),
      fileID: String = #fileID, line: Int = #line
    ) -> some View {
      modifier(
        SafariLinksModifier(
          preference: preference, universalLinksFirst: universalLinksFirst, appearance: appearance,
          name: "\(fileID):\(line)"))
    }
  }

  /// A link modifier whose decision is a `SafariURLPresenter`'s.
  private struct SafariLinksModifier: ViewModifier {
    let preference: LinkOpeningPreference
    let appearance: SafariURLPresenter.Appearance
    let name: String
    @State private var presenter: SafariURLPresenter

    init(
      preference: LinkOpeningPreference, universalLinksFirst: Bool, appearance: SafariURLPresenter.Appearance,
      name: String
    ) {
      self.preference = preference
      self.appearance = appearance
      self.name = name
      _presenter = State(initialValue: SafariURLPresenter(universalLinksFirst: universalLinksFirst))
    }

    func body(content: Content) -> some View {
      let presenter = self.presenter
      presenter.openingPreference = preference
      presenter.appearance = appearance
      return
        content
        .modifier(
          URLHandlerModifier(name: name) { url, _, view in
            // No view controller to present from (not in a window yet): pass the link on.
            guard let controller = view?.closestViewController else { return .notHandled }
            return await presenter.present(url, from: controller)
          }
        )
        .environment(\.linkOpeningPreference, preference)
    }
  }

  extension UIView {
    /// The view controller whose view holds this view: the first on its responder chain.
    fileprivate var closestViewController: UIViewController? {
      responderChain.lazy.compactMap { $0 as? UIViewController }.first
    }
  }
#endif
