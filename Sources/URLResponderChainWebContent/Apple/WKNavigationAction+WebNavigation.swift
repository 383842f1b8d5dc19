#if canImport(WebKit) && canImport(UIKit) && (os(iOS) || os(visionOS))
  import Foundation
  import WebKit
  import URLResponderChainCore
  import URLResponderChain

  extension WebNavigation {
    /// The portable description of a navigation the navigation delegate is asked about.
    @MainActor
    init(_ action: WKNavigationAction, in webView: WKWebView) {
      let target: Target =
        switch action.targetFrame?.isMainFrame {
        case true?: .mainFrame
        case false?: .subframe
        case nil: .newWindow
        }
      self.init(url: action.request.url, kind: Kind(action.navigationType), target: target, currentURL: webView.url)
    }

    /// The portable description of a window request (`WKUIDelegate`).
    @MainActor
    init(windowRequestFor action: WKNavigationAction, in webView: WKWebView) {
      self.init(
        windowRequestFor: action.request.url, kind: Kind(action.navigationType),
        popUpsNeedATap: !webView.configuration.preferences.javaScriptCanOpenWindowsAutomatically,
        currentURL: webView.url)
    }
  }

  extension WebNavigation.Kind {
    init(_ type: WKNavigationType) {
      switch type {
      case .linkActivated: self = .linkActivated
      case .formSubmitted: self = .formSubmitted
      case .backForward: self = .backForward
      case .reload: self = .reload
      case .formResubmitted: self = .formResubmitted
      case .other: self = .other
      @unknown default: self = .other
      }
    }
  }
#endif
