import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

/// A browser's lifetime ends once: on the person's close, or when the browser goes away
/// without one (the app dismissed it), which is what `SafariURLPresenter` relies on.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct PresentationLifetimeTests {
  @Test func endingTwiceCallsOnEndOnce() {
    var calls = 0
    let lifetime = PresentationLifetime { calls += 1 }
    lifetime.end()
    lifetime.end()
    #expect(calls == 1)
  }

  @Test func aLifetimeReleasedBeforeItEndedEndsOnItsOwn() async {
    let ended = Gate()
    var calls = 0
    var lifetime: PresentationLifetime? = PresentationLifetime {
      calls += 1
      ended.open()
    }
    #expect(lifetime != nil && calls == 0)
    lifetime = nil
    await ended.opened()
    #expect(calls == 1)
  }

  // A browser the app dismissed shows again on the next tap: LinkPresenterTests, through the
  // test kit's environment, which ties each stand-in browser to its lifetime.

  @Test func aCloseThenALateReleaseReportsOneDismissal() async throws {
    let url = try #require(URL(string: "https://example.com/guide"))
    let root = TestViewController(name: "root")
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment)
    var dismissals: [URL] = []
    presenter.onDismiss = { dismissals.append($0) }

    #expect(await presenter.present(url, from: root) == .presentedInApp)
    // Something keeps the first browser alive past its close (an animation, say).
    var firstBrowser = root.presentedViewController
    #expect(firstBrowser != nil)
    environment.dismissBrowser(showing: url)  // the person closes it
    #expect(await presenter.present(url, from: root) == .presentedInApp)
    // The first browser is released while a second one for the same URL is showing: the
    // second must still count as showing.
    firstBrowser = nil
    // A main-actor task started now runs after anything the release started on the main actor.
    await Task { @MainActor in }.value
    #expect(firstBrowser == nil)
    #expect(presenter.isShowing(url))
    #expect(dismissals == [url])
  }
}
