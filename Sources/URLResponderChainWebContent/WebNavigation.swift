package import Foundation
import URLResponderChainCore

/// A navigation a web view is about to perform, described without WebKit: what the
/// ``WebNavigationPolicy`` decides on.
///
/// The WebKit adapter builds one from each `WKNavigationAction`; the headless demo and the
/// tests build them by hand.
///
/// ```swift
/// let page = URL(string: "https://example.com/article")!
/// let link = URL(string: "https://example.org/guide")!
/// let tap = WebNavigation(url: link, kind: .linkActivated, target: .mainFrame, currentURL: page)
/// print(WebNavigationPolicy().decide(tap))   // notHandled(https://example.org/guide)
/// ```
package struct WebNavigation: Sendable, Equatable {
  /// What started the navigation (`WKNavigationType`).
  package enum Kind: Sendable, Equatable, CaseIterable {
    /// The user activated a link: a tap or a click.
    case linkActivated
    /// The user submitted a form.
    case formSubmitted
    /// The user went back or forward.
    case backForward
    /// The page was reloaded.
    case reload
    /// A form was submitted again (back, forward or reload to a form result).
    case formResubmitted
    /// Anything else: the initial load, a redirect, a script setting `location`, `window.open`.
    case other
  }

  /// Where the navigation loads.
  package enum Target: Sendable, Equatable {
    /// The page itself (`targetFrame.isMainFrame`).
    case mainFrame
    /// A frame inside the page (an `<iframe>`).
    case subframe
    /// No frame: a new window is asked for (`target=_blank`, `window.open`). The navigation
    /// delegate sees this first; the window request that follows decides.
    case newWindow
    /// The web view asks for a new window for this navigation (`WKUIDelegate`'s
    /// `webView(_:createWebViewWith:for:windowFeatures:)`). `userActivated` is `true` when a
    /// tap or click started it.
    case windowRequest(userActivated: Bool)
  }

  /// The URL to load, as the web view resolved it; `nil` when it has none.
  package var url: URL?
  /// What started the navigation.
  package var kind: Kind
  /// Where it loads.
  package var target: Target
  /// The document the web view shows now (`webView.url`); `nil` before the first load.
  package var currentURL: URL?

  /// Describes a navigation.
  ///
  /// - Parameters:
  ///   - url: The URL to load.
  ///   - kind: What started it.
  ///   - target: Where it loads.
  ///   - currentURL: The document the web view shows now.
  package init(url: URL?, kind: Kind, target: Target, currentURL: URL?) {
    self.url = url
    self.kind = kind
    self.target = target
    self.currentURL = currentURL
  }

  /// Describes a window request (`WKUIDelegate`'s `webView(_:createWebViewWith:for:windowFeatures:)`).
  ///
  /// A tap started it when the navigation is an activated link, or when the page may open
  /// windows only from a tap: WebKit's pop-up blocker (on unless the web view's preferences
  /// set `javaScriptCanOpenWindowsAutomatically`) passes on no other `window.open`.
  ///
  /// - Parameters:
  ///   - url: The URL the window would load.
  ///   - kind: What started it.
  ///   - popUpsNeedATap: Whether WebKit's pop-up blocker is on.
  ///   - currentURL: The document the web view shows now.
  package init(windowRequestFor url: URL?, kind: Kind, popUpsNeedATap: Bool, currentURL: URL?) {
    let tapped = kind == .linkActivated || popUpsNeedATap
    self.init(url: url, kind: kind, target: .windowRequest(userActivated: tapped), currentURL: currentURL)
  }
}
