#if canImport(WebKit) && canImport(UIKit) && (os(iOS) || os(visionOS))
  import Foundation
  import UIKit
  import URLResponderChainCore
  import WebKit

  /// The web preview of a text view's link: the page, loaded in a web view that keeps no
  /// website data (no cookies or storage shared with the app's other web views) and takes no
  /// touches, sized like the system's link previews. It loads only a checked URL.
  @MainActor
  final class LinkPreviewWebView: WKWebView {
    init(url: InAppBrowserURL) {
      let configuration = WKWebViewConfiguration()
      configuration.websiteDataStore = .nonPersistent()
      super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 480), configuration: configuration)
      isUserInteractionEnabled = false
      load(URLRequest(url: url.url))
    }

    /// Not supported: previews are created in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
  }
#endif
