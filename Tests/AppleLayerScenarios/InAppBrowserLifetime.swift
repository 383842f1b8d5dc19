#if canImport(UIKit) && canImport(SafariServices) && os(iOS)
  import SafariServices
  import UIKit
  import URLResponderChain

  /// The Apple layer's scenarios, run on the iOS simulator by `URLResponderChainAppleTests`
  /// (`xcodebuild test`) and compiled for iOS everywhere else by `apple-typecheck`. Each
  /// returns what went wrong, empty when nothing did, so that the test only reports it.
  @MainActor
  public enum AppleLayerScenarios {}

  /// A screen that declares the Safari presenter, as the README's three-line screen does.
  @MainActor
  private final class ArticleViewController: UIViewController, SafariURLHandling {
    let safariPresenter = SafariURLPresenter()
  }

  extension AppleLayerScenarios {
    /// A tap presents the in-app browser from the screen nearest the link; dismissing it ends
    /// the link's showing, and nothing (the browser, the screen, the presenter) outlives its
    /// owner: swift-navigation's present, dismiss and release, with weak references.
    public static func presentDismissRelease() async -> [String] {
      var failures: [String] = []
      let url = URL(string: "https://www.swift.org/")!
      weak var weakSafari: SFSafariViewController?
      weak var weakScreen: ArticleViewController?
      weak var weakPresenter: SafariURLPresenter?
      do {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let screen = ArticleViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let link = UIView()
        screen.view.addSubview(link)
        let result = await link.propagateURL(url)
        if result.outcome != .handled { failures.append("the tap was \(result.outcome), not handled") }
        guard let safari = screen.presentedViewController as? SFSafariViewController else {
          return failures + ["no Safari view was presented"]
        }
        weakSafari = safari
        weakScreen = screen
        weakPresenter = screen.safariPresenter
        if !screen.safariPresenter.presenter.isShowing(url) { failures.append("the link is not showing") }
        await withCheckedContinuation { done in screen.dismiss(animated: false) { done.resume() } }
        window.isHidden = true
        window.rootViewController = nil
      }
      if weakSafari != nil { failures.append("the Safari view outlived its dismissal") }
      if weakScreen != nil { failures.append("the screen outlived its window") }
      if weakPresenter != nil { failures.append("the presenter outlived its screen") }
      return failures
    }
  }
#endif
