#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import SwiftUI
  public import UIKit
  import URLResponderChainCore

  extension View {
    /// Sends links opened in this view (`Link`, Markdown links, `openURL`) up the UIKit
    /// responder chain, starting at `responder` — usually the hosting controller.
    ///
    /// ```swift
    /// let host = UIHostingController(rootView: AnyView(EmptyView()))
    /// host.rootView = AnyView(ArticleView().routesURLsThroughResponderChain(from: host))
    /// ```
    public func routesURLsThroughResponderChain(from responder: UIResponder) -> some View {
      environment(
        \.openURL,
        OpenURLAction { [weak responder] url in
          guard let responder else { return .systemAction }
          responder.propagateURL(url)
          return .handled
        })
    }

    /// Handles links opened inside this view: return `true` to stop them, `false` to pass
    /// them on to the enclosing views (and finally the responder chain or the system).
    public func handleURL(_ handler: @escaping @MainActor (URL) -> Bool) -> some View {
      modifier(URLActionModifier { url, next in handler(url) ? .handled : next(url) })
    }

    /// Observes links opened inside this view without changing them.
    public func receiveURL(_ receiver: @escaping @MainActor (URL) -> Void) -> some View {
      modifier(
        URLActionModifier { url, next in
          receiver(url)
          return next(url)
        })
    }

    /// Rewrites links opened inside this view before they travel on (https upgrade,
    /// tracking parameters removed).
    public func transformURL(_ transform: @escaping @MainActor (URL) -> URL) -> some View {
      modifier(URLActionModifier { url, next in next(transform(url)) })
    }
  }

  /// Wraps the enclosing `openURL` action, the way a responder wraps the next one.
  private struct URLActionModifier: ViewModifier {
    let route: @MainActor (URL, (URL) -> OpenURLAction.Result) -> OpenURLAction.Result
    @Environment(\.openURL) private var enclosing

    func body(content: Content) -> some View {
      let enclosing = self.enclosing
      let route = self.route
      return content.environment(
        \.openURL,
        OpenURLAction { url in
          route(url) { next in
            enclosing(next)
            return .handled
          }
        })
    }
  }
#endif
