#if canImport(WebKit) && canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  public import Foundation
  public import UIKit
  public import WebKit
  public import URLResponderChainCore
  import URLResponderChain
  import URLResponderChainLinkViews

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
  public final class LinkRoutingNavigationDelegate: NSObject {
    /// The app's own navigation delegate, which keeps receiving every callback.
    ///
    /// Set the forwarding delegates before ``attach(to:)``: WebKit reads which callbacks its
    /// delegate implements when the delegate is set.
    public weak var navigationDelegate: (any WKNavigationDelegate)?
    /// The app's own UI delegate, which keeps receiving every callback but window requests.
    public weak var uiDelegate: (any WKUIDelegate)?
    /// Decides what leaves the web view.
    package var policy = WebNavigationPolicy()
    /// Called with each propagation's result, for logging or reporting.
    public var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)?
    /// Called with every decision and the navigation it was made for (for the tests).
    package var onDecision: (@MainActor (WebNavigation, WebNavigationDecision) -> Void)?
    /// The innermost SwiftUI link modifier around the web view, where its links' walks start
    /// (``attach(to:in:)``); `nil` starts them at the web view.
    weak var enclosingModifier: ViewLinkHandler?

    /// Becomes `webView`'s navigation and UI delegate, keeping the ones it had (unless set
    /// already) as the delegates it forwards to.
    public func attach(to webView: WKWebView) {
      if navigationDelegate == nil, let existing = webView.navigationDelegate, existing !== self {
        navigationDelegate = existing
      }
      if uiDelegate == nil, let existing = webView.uiDelegate, existing !== self {
        uiDelegate = existing
      }
      webView.navigationDelegate = self
      webView.uiDelegate = self
    }

    private func decide(_ navigation: WebNavigation, appAllowed: Bool = true) -> WebNavigationDecision? {
      guard let decision = policy.decide(navigation, appAllowed: appAllowed) else { return nil }
      onDecision?(navigation, decision)
      return decision
    }

    private func send(_ url: URL, from webView: WKWebView) {
      let start: any ResponderChainNode = enclosingModifier ?? webView
      start.propagateURL(url) { [weak self] result in self?.onResult?(result) }
    }

    // MARK: Forwarding

    // The Objective-C runtime asks these two of any delegate, nonisolated. WebKit asks them of
    // its delegates on the main thread only (a web view is used on the main thread), so
    // `MainActor.assumeIsolated` is sound; were that ever broken it traps rather than races.

    /// Whether this delegate, or one it forwards to, implements `aSelector`.
    override public nonisolated func responds(to aSelector: Selector!) -> Bool {
      if super.responds(to: aSelector) { return true }
      return MainActor.assumeIsolated { forwardingDelegate(for: aSelector) != nil }
    }

    /// The app's delegate that implements `aSelector`, for what this delegate does not.
    override public nonisolated func forwardingTarget(for aSelector: Selector!) -> Any? {
      mainThreadForwardingTarget { forwardingDelegate(for: aSelector) } ?? super.forwardingTarget(for: aSelector)
    }

    private func forwardingDelegate(for selector: Selector) -> (any NSObjectProtocol)? {
      if let navigationDelegate, navigationDelegate.responds(to: selector) { return navigationDelegate }
      if let uiDelegate, uiDelegate.responds(to: selector) { return uiDelegate }
      return nil
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
        guard let self, let webView, let decision = self.decide(navigation, appAllowed: appPolicy == .allow) else {
          return decisionHandler(appPolicy, appPreferences)
        }
        switch decision {
        case .handled:
          decisionHandler(.allow, appPreferences)
        case .notHandled(let url):
          decisionHandler(.cancel, appPreferences)
          self.send(url, from: webView)
        case .discarded:
          decisionHandler(.cancel, appPreferences)
        }
      }
    }

    private func askApp(
      _ webView: WKWebView, _ action: WKNavigationAction, _ preferences: WKWebpagePreferences,
      then decide: @escaping @MainActor @Sendable (WKNavigationActionPolicy, WKWebpagePreferences) -> Void
    ) {
      guard let app = navigationDelegate else { return decide(.allow, preferences) }
      if app.responds(to: Selectors.decideWithPreferences) {
        app.webView?(webView, decidePolicyFor: action, preferences: preferences, decisionHandler: decide)
      } else if app.responds(to: Selectors.decide) {
        app.webView?(webView, decidePolicyFor: action) { policy in decide(policy, preferences) }
      } else {
        decide(.allow, preferences)
      }
    }

    private enum Selectors {
      static let decide = NSSelectorFromString("webView:decidePolicyForNavigationAction:decisionHandler:")
      static let decideWithPreferences = NSSelectorFromString(
        "webView:decidePolicyForNavigationAction:preferences:decisionHandler:")
    }
  }

  extension LinkRoutingNavigationDelegate: WKUIDelegate {
    /// A window the user's tap asked for goes up the chain; no web view is created.
    public func webView(
      _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
      for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
      if case .notHandled(let url) = decide(WebNavigation(windowRequestFor: navigationAction, in: webView)) {
        send(url, from: webView)
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
        guard let app = uiDelegate,
          app.responds(to: #selector(webView(_:contextMenuConfigurationForElement:completionHandler:)))
        else { return completionHandler(nil) }
        app.webView?(webView, contextMenuConfigurationForElement: elementInfo, completionHandler: completionHandler)
        return
      }
      guard let menu = LinkMenu(for: url, from: enclosingModifier ?? webView) else { return completionHandler(nil) }
      completionHandler(
        LinkContextMenu.configuration(
          for: url, menu: menu, from: webView, startingAt: enclosingModifier, onResult: onResult))
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
      LinkContextMenu.commit(
        url, from: webView, startingAt: enclosingModifier, animator: animator, onResult: onResult)
    }
  }
#endif
