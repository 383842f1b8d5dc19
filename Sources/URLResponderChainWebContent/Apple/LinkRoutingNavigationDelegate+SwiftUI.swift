#if canImport(WebKit) && canImport(UIKit) && canImport(SafariServices) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import SwiftUI
  public import WebKit
  import URLResponderChain

  extension LinkRoutingNavigationDelegate {
    /// Becomes the delegates of a web view that SwiftUI shows, as ``attach(to:)`` does, and
    /// sends its links to the SwiftUI view's link modifiers first.
    ///
    /// A web view's links go up the UIKit responder chain, which passes the hosting controller
    /// but never the SwiftUI modifiers around the web view. Attached with the environment of
    /// the representable that made it, the web view's links (tapped, opened from a long-press
    /// menu, or committed from a preview) start at the innermost `urlHandler` or
    /// `presentsLinksInSafari` modifier around it, go out through each enclosing one, then
    /// through the hosting controller's chain to the application, as a SwiftUI `Link` does.
    /// With no such modifier around it, they start at the web view.
    ///
    /// ```swift
    /// struct ArticleWebView: UIViewRepresentable {
    ///   let url: URL
    ///
    ///   func makeCoordinator() -> LinkRoutingNavigationDelegate { LinkRoutingNavigationDelegate() }
    ///
    ///   func makeUIView(context: Context) -> WKWebView {
    ///     let webView = WKWebView()
    ///     context.coordinator.attach(to: webView, in: context.environment)
    ///     webView.load(URLRequest(url: url))
    ///     return webView
    ///   }
    ///
    ///   func updateUIView(_ webView: WKWebView, context: Context) {
    ///     context.coordinator.attach(to: webView, in: context.environment)
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - webView: The web view; it holds its delegates weakly, so keep this one (a
    ///     representable's coordinator does).
    ///   - environment: The representable's `context.environment`. Call again from
    ///     `updateUIView(_:context:)`, so a new enclosing modifier is the one asked.
    public func attach(to webView: WKWebView, in environment: EnvironmentValues) {
      enclosingModifier = environment.innermostLinkHandler
      attach(to: webView)
    }
  }
#endif
