public import URLResponderChainCore
import URLResponderChainTesting

/// A chain that ends as an app's does: at the application, past a view controller that
/// declares a `LinkPresenter` with the default `LinkPolicy()`. Nobody handles the link, so the
/// chain's end decides, and the presenter shows it in-app (``ShowingLinkEnvironment``).
///
/// After each propagation the person closes the browser (``close()``): the presenter forgets
/// the link, and the next propagation presents it again instead of finding it already showing.
@MainActor
public final class ChainEndWorkload {
  /// Where propagations start: the link view, or the first SwiftUI modifier in front of it.
  public let start: any ResponderChainNode
  /// Presents the in-app browser, and counts presentations.
  public let environment: ShowingLinkEnvironment
  /// Holds the window, the view controllers and the views (each held by the one above), and
  /// the app delegate.
  let application: TestApplication
  /// The view controller nearest the link: the SDK presents from it.
  let host: TestViewController
  /// The declared presenter's policy.
  let policy: LinkPolicy

  init(
    start: any ResponderChainNode, environment: ShowingLinkEnvironment, application: TestApplication,
    host: TestViewController, policy: LinkPolicy
  ) {
    self.start = start
    self.environment = environment
    self.application = application
    self.host = host
    self.policy = policy
  }

  /// The person closes the in-app browser.
  public func close() {
    environment.close()
  }

  /// A hand-written propagation of ``benchmarkURL`` through the same chain, its floor: the
  /// walk of ``handWrittenWalk(from:url:)`` (`nextNode`, a cast, a synchronous decision) to the
  /// chain's end, then the declared policy's answer and the in-app browser, presented through
  /// the same environment from the same view controller, which it knows without looking.
  ///
  /// - Returns: The nodes visited, and one more if the browser was presented.
  public func handWrittenPropagation() -> Int {
    let visited = handWrittenWalk(from: start, url: benchmarkURL)
    guard let shown = policy.inAppBrowserURL(for: benchmarkURL),
      environment.presentInAppBrowser(for: shown, from: host, onDismiss: {})
    else { return visited }
    return visited + 1
  }
}

extension ChainEndWorkload {
  /// A UIKit screen: the link view inside 14 container views of a content view controller, in
  /// a navigation controller that declares the presenter, in a tab bar controller, the window's
  /// root; then the window, the application and its delegate. 21 views and view controllers
  /// before the window, 24 nodes in all.
  public static func uiKitShaped() -> ChainEndWorkload {
    let (content, link) = viewController(named: "content", linkDepth: 15)
    let navigation = TestNavigationController(name: "navigation", root: content)
    return finishing(
      link, host: content, declaring: navigation, root: TestTabBarController(name: "tabs", tabs: [navigation]))
  }

  /// A SwiftUI screen: six link modifiers (`AsyncURLHandler`s the walk awaits, none of which
  /// suspends) in front of the UIKit screen of ``uiKitShaped()``.
  public static func swiftUIShaped() -> ChainEndWorkload {
    let uiKit = uiKitShaped()
    var head = uiKit.start
    for _ in 0..<6 { head = AwaitedRejectingHandler(next: head) }
    return ChainEndWorkload(
      start: head, environment: uiKit.environment, application: uiKit.application, host: uiKit.host,
      policy: uiKit.policy)
  }

  /// The shortest screen with `views` views below a view controller that declares the
  /// presenter (the link view first, each the subview of the next), then its root view, the
  /// view controller, the window, the application and its delegate: a chain of `views + 5`
  /// nodes, for the cost of one more view on the way to the chain's end.
  public static func views(_ views: Int) -> ChainEndWorkload {
    let (root, link) = viewController(named: "root", linkDepth: views)
    return finishing(link, host: root, declaring: root, root: root)
  }

  /// A view controller whose root view holds `linkDepth` views nested one in the next, and the
  /// innermost of them, the link view.
  private static func viewController(named name: String, linkDepth: Int) -> (TestViewController, TestView) {
    let controller = TestViewController(name: name)
    var container = controller.view
    for index in 1..<linkDepth {
      let view = TestView(name: "container \(index)")
      container.addSubview(view)
      container = view
    }
    let link = TestView(name: "link")
    container.addSubview(link)
    return (controller, link)
  }

  /// Declares the presenter on `declaring`, puts `root` in the window of an application with
  /// a delegate, and returns the workload that starts at `link`.
  private static func finishing(
    _ link: TestView, host: TestViewController, declaring: TestViewController, root: TestViewController
  ) -> ChainEndWorkload {
    let environment = ShowingLinkEnvironment()
    let policy = LinkPolicy()
    declaring.linkPresenter = LinkPresenter(environment: environment, policy: policy)
    let application = TestApplication()
    application.delegate = TestResponder(name: "app delegate")
    application.makeWindow(rootViewController: root)
    return ChainEndWorkload(
      start: link, environment: environment, application: application, host: host, policy: policy)
  }
}
