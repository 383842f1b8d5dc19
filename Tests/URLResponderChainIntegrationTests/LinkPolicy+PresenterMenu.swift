import Foundation
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainTesting

extension LinkPolicy {
  /// The long-press menu of a link sent from a screen that declares this policy, the root of
  /// a test application's window: the dry run passes the screen, reaches the application, and
  /// the declaration decides the preview.
  @MainActor
  func menu(for url: URL) -> LinkMenu? {
    let screen = declaringScreen()
    return withExtendedLifetime(screen) { LinkMenu(for: url, from: screen.screen) }
  }

  /// A screen that declares this policy, in a test application's window; the application
  /// keeps the window, and the caller keeps the application.
  @MainActor
  func declaringScreen() -> (application: TestApplication, screen: TestViewController) {
    let application = TestApplication()
    let screen = TestViewController(name: "presenter")
    screen.linkPresenter = LinkPresenter(environment: RecordingLinkEnvironment(), policy: self)
    application.makeWindow(rootViewController: screen)
    return (application, screen)
  }
}
