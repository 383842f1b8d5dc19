#if canImport(UIKit) && canImport(WebKit) && canImport(PDFKit) && os(iOS)
  import PDFKit
  import UIKit
  import URLResponderChainLinkViews
  import URLResponderChainWebContent
  import WebKit

  /// The app's own text view delegate, which must keep its callbacks.
  @MainActor
  private final class AppTextViewDelegate: NSObject, UITextViewDelegate {
    var changes = 0
    func textViewDidChange(_ textView: UITextView) { changes += 1 }
  }

  /// The app's own web view delegates, which must keep theirs.
  @MainActor
  private final class AppWebViewDelegate: NSObject, WKNavigationDelegate, WKUIDelegate {
    var closed = 0
    func webViewDidClose(_ webView: WKWebView) { closed += 1 }
  }

  /// The app's own PDF view delegate.
  @MainActor
  private final class AppPDFViewDelegate: NSObject, PDFViewDelegate {
    let parent = UIViewController()
    nonisolated func pdfViewParentViewController() -> UIViewController {
      MainActor.assumeIsolated { parent }
    }
  }

  extension AppleLayerScenarios {
    /// The text, web and PDF view delegates forward every callback they do not own to the
    /// app's delegate that was there before them, and keep it weakly.
    public static func delegatesForwardToTheAppsOwn() -> [String] {
      var failures: [String] = []
      let textView = UITextView()
      let appText = AppTextViewDelegate()
      textView.delegate = appText
      let textRouting = LinkRoutingTextViewDelegate()
      textRouting.attach(to: textView)
      if textView.delegate !== textRouting { failures.append("the text view's delegate is not the router") }
      textView.delegate?.textViewDidChange?(textView)
      if appText.changes != 1 { failures.append("textViewDidChange did not reach the app's delegate") }

      let webView = WKWebView()
      let appWeb = AppWebViewDelegate()
      webView.navigationDelegate = appWeb
      webView.uiDelegate = appWeb
      let webRouting = LinkRoutingNavigationDelegate()
      webRouting.attach(to: webView)
      webView.uiDelegate?.webViewDidClose?(webView)
      if appWeb.closed != 1 { failures.append("webViewDidClose did not reach the app's delegate") }

      let pdfView = PDFView()
      let appPDF = AppPDFViewDelegate()
      pdfView.delegate = appPDF
      let pdfRouting = LinkRoutingPDFViewDelegate()
      pdfRouting.attach(to: pdfView)
      if pdfView.delegate?.pdfViewParentViewController?() !== appPDF.parent {
        failures.append("pdfViewParentViewController did not reach the app's delegate")
      }

      weak var released: AppTextViewDelegate?
      do {
        let delegate = AppTextViewDelegate()
        let router = LinkRoutingTextViewDelegate()
        router.textViewDelegate = delegate
        released = delegate
      }
      if released != nil { failures.append("the router kept the app's delegate alive") }
      return failures
    }
  }
#endif
