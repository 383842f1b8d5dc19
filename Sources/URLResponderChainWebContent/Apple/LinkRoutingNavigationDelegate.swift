#if canImport(WebKit) && canImport(UIKit) && canImport(SafariServices) && canImport(SwiftUI) && (os(iOS) || os(visionOS))
  public import Foundation
  public import SwiftUI
  public import UIKit
  public import WebKit
  public import URLResponderChainCore
  import URLResponderChain
  public import URLResponderChainLinkViews

  /// The navigation and UI delegate of a `WKWebView` that sends the links the user taps up the
  /// responder chain from the web view, instead of letting the web view load them.
  ///
  /// What leaves the web view is decided by a portable navigation policy: a tapped link to
  /// another document (or a window the user's tap asked for) goes up the chain and the web
  /// view's own navigation is cancelled; the initial load, reloads, back and forward,
  /// same-document fragment links, redirects and subframe loads proceed; `javascript:` and
  /// `data:` links are refused. A long press on a link shows its menu: an in-app Safari
  /// preview only for a link a tap would open in-app (a dry run of the tap); committing the
  /// preview or choosing Open sends the link up the chain.
  ///
  /// The web view's existing delegates keep receiving every callback: ``attach(to:)`` keeps them
  /// (weakly) and forwards what this delegate does not implement. For navigation actions, the
  /// app's delegate is asked first; it can cancel or download, and only what it allows is then
  /// decided by the policy. Window requests are decided by the chain only: no new web view is
  /// ever created.
  ///
  /// ```swift
  /// let linkRouting = LinkRoutingNavigationDelegate()
  /// linkRouting.attach(to: webView)   // keep a strong reference: web views hold delegates weakly
  /// ```
  ///
  /// Inside SwiftUI, attach it with the representable's environment,
  /// ``attach(to:in:)``, so the web view's links meet the `urlHandler` modifiers around it
  /// before the hosting controller's chain.
  @MainActor
  public final class LinkRoutingNavigationDelegate: NSObject, LinkRoutingDelegate {
    /// The app's own navigation delegate, which keeps receiving every callback.
    ///
    /// Set the forwarding delegates before ``attach(to:)``: WebKit reads which callbacks its
    /// delegate implements when the delegate is set.
    public weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The app's own UI delegate, which keeps receiving every callback but window requests.
    public weak var uiDelegate: (any WKUIDelegate)?
    /// Decides what leaves the web view.
    private let policy = WebNavigationPolicy()
    /// Called with each propagation's result, for logging or reporting.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    /// The innermost SwiftUI link modifier around the web view, where its links' walks start
    /// (``attach(to:in:)``); `nil` starts them at the web view.
    package weak var enclosingModifier: ViewLinkHandler?
    /// The delegates forwarded to, in this order: ``navigationDelegate``, then ``uiDelegate``.
    package var appDelegates: [(any NSObjectProtocol)?] { [navigationDelegate, uiDelegate] }

    /// Becomes `webView`'s navigation and UI delegate, keeping the ones it had (unless set
    /// already) as the delegates it forwards to.
    public func attach(to webView: WKWebView) {
      navigationDelegate = delegateToKeep(navigationDelegate, else: webView.navigationDelegate)
      uiDelegate = delegateToKeep(uiDelegate, else: webView.uiDelegate)
      webView.navigationDelegate = self
      webView.uiDelegate = self
    }

    /// Becomes the delegates of a web view that SwiftUI shows, as ``attach(to:)`` does, and
    /// sends its links to the SwiftUI view's link modifiers first: tapped, opened from a
    /// long-press menu or committed from a preview, they start at the innermost `urlHandler`
    /// or `presentsLinksInSafari` modifier around it (at the web view when there is none),
    /// as a SwiftUI `Link` there does.
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

    // MARK: Forwarding (`LinkRoutingDelegate` says why `appDelegate(for:)` is sound: WebKit
    // asks its delegates on the main thread, where a web view is used)

    /// Whether this delegate, or one it forwards to, implements `aSelector`.
    override public nonisolated func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || appDelegate(for: aSelector) != nil
    }

    /// The app's delegate that implements `aSelector`, for what this delegate does not.
    override public nonisolated func forwardingTarget(for aSelector: Selector!) -> Any? {
      appDelegate(for: aSelector) ?? super.forwardingTarget(for: aSelector)
    }
  }

  extension LinkRoutingNavigationDelegate: WKNavigationDelegate {
    /// Asks the app's navigation delegate, then the policy: tapped links go up the chain.
    public func webView(
      _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction, preferences: WKWebpagePreferences,
      decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
      let navigation = WebNavigation(navigationAction, in: webView)
      askApp(webView, navigationAction, preferences) { [weak self, weak webView] appPolicy, appPreferences in
        guard let self, let webView, let decision = policy.decide(navigation, appAllowed: appPolicy == .allow) else {
          return decisionHandler(appPolicy, appPreferences)
        }
        decisionHandler(decision.loadsInWebView ? .allow : .cancel, appPreferences)
        if case .notHandled(let url) = decision { self.origin(webView).send(url) }
      }
    }

    private func askApp(
      _ webView: WKWebView, _ action: WKNavigationAction, _ preferences: WKWebpagePreferences,
      then decide: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
      // An optional requirement's call is `nil` when the app's delegate does not implement it:
      // the form with preferences first, as WebKit asks, then the one without, then allow.
      let app = navigationDelegate
      if app?.webView?(webView, decidePolicyFor: action, preferences: preferences, decisionHandler: decide) != nil {
        return
      }
      if app?.webView?(webView, decidePolicyFor: action, decisionHandler: { decide($0, preferences) }) != nil { return }
      decide(.allow, preferences)
    }
  }

  extension LinkRoutingNavigationDelegate: WKUIDelegate {
    /// A window the user's tap asked for goes up the chain; no web view is created.
    public func webView(
      _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
      for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
      if case .notHandled(let url) = policy.decide(WebNavigation(windowRequestFor: navigationAction, in: webView)) {
        origin(webView).send(url)
      }
      return nil
    }

    /// A link's long-press menu, with an in-app preview only for a link a tap would show
    /// in-app (a dry run of the tap from the web view); other elements get the app's
    /// delegate's menu.
    public func webView(
      _ webView: WKWebView, contextMenuConfigurationForElement elementInfo: WKContextMenuElementInfo,
      completionHandler: @escaping @MainActor @Sendable (UIContextMenuConfiguration?) -> Void
    ) {
      guard let url = elementInfo.linkURL else {
        let asked: Void? = uiDelegate?.webView?(
          webView, contextMenuConfigurationForElement: elementInfo, completionHandler: completionHandler)
        if asked == nil { completionHandler(nil) }
        return
      }
      completionHandler(origin(webView).configuration(for: url))
    }

    /// Committing a link's preview sends the link up the chain; it never presents by itself.
    public func webView(
      _ webView: WKWebView, contextMenuForElement elementInfo: WKContextMenuElementInfo,
      willCommitWithAnimator animator: any UIContextMenuInteractionCommitAnimating
    ) {
      guard let url = elementInfo.linkURL else {
        uiDelegate?.webView?(webView, contextMenuForElement: elementInfo, willCommitWithAnimator: animator)
        return
      }
      origin(webView).commit(url, animator: animator)
    }
  }
#endif
