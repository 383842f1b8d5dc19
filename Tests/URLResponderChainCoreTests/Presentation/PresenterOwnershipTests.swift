import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// Stands in for `SafariURLPresenter`: an environment that owns its `LinkPresenter`, made as
/// the Safari presenter makes it (held weakly, `holdEnvironmentWeakly()`), performing
/// through a recording environment.
private final class OwningPresenterStandIn: LinkPresentationEnvironment {
  let recording = RecordingLinkEnvironment()
  lazy var presenter: LinkPresenter = {
    let presenter = LinkPresenter(environment: self)
    presenter.holdEnvironmentWeakly()
    return presenter
  }()

  func openUniversalLink(_ url: URL) async -> Bool { await recording.openUniversalLink(url) }
  func presentInAppBrowser(
    for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool {
    recording.presentInAppBrowser(for: url, from: host, onDismiss: onDismiss)
  }
  func openInSystem(_ url: URL) async -> Bool { await recording.openInSystem(url) }
}

/// Stands in for a `SafariURLHandling` view controller, which owns a Safari presenter.
private final class SafariHandlingStandIn: TestViewController, AsyncURLHandler {
  let safari = OwningPresenterStandIn()
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await safari.presenter.present(url, from: self).decision
  }
}

/// Who owns whom between the Safari presenter (Apple) and `LinkPresenter` (Core): the
/// presenter owns the `LinkPresenter`, which holds it weakly, so both are freed once the app
/// lets go, after presenting and dismissing.
@MainActor
@Suite struct PresenterOwnershipTests {
  /// Freed after presenting, whether the browser was dismissed or is still showing.
  @Test(arguments: [true, false])
  func aPresenterThatPresentedIsFreedWithItsLinkPresenter(dismissed: Bool) async {
    weak var weakOwner: OwningPresenterStandIn?
    weak var weakPresenter: LinkPresenter?
    let host = TestViewController(name: "topic")
    do {
      let owner = OwningPresenterStandIn()
      weakOwner = owner
      weakPresenter = owner.presenter
      #expect(await owner.presenter.present(exampleURL, from: host) == .presentedInApp)
      if dismissed {
        owner.recording.dismissBrowser(showing: exampleURL)
        #expect(!owner.presenter.isShowing(exampleURL))
      }
    }
    #expect(weakOwner == nil)
    #expect(weakPresenter == nil)
  }

  @Test func aSafariHandlingControllerIsFreedAfterItsLinkWasShownAndClosed() async {
    weak var weakController: SafariHandlingStandIn?
    weak var weakOwner: OwningPresenterStandIn?
    do {
      let app = TestApplication()
      let controller = SafariHandlingStandIn(name: "topic")
      weakController = controller
      weakOwner = controller.safari
      app.makeWindow(rootViewController: controller)
      let link = TestView(name: "link")
      controller.view.addSubview(link)
      #expect(await link.propagateURL(exampleURL).outcome == .handled)
      #expect(controller.safari.recording.presentations.count == 1)
      controller.safari.recording.dismissBrowser(showing: exampleURL)
    }
    #expect(weakController == nil)
    #expect(weakOwner == nil)
  }

  @Test func aLinkPresenterWhoseOwnerIsGoneShowsNothing() async {
    var owner: OwningPresenterStandIn? = OwningPresenterStandIn()
    let presenter = owner!.presenter
    owner = nil
    #expect(
      await presenter.present(exampleURL, from: TestViewController(name: "t"))
        == .discarded(reason: "the presenter is gone"))
  }
}
