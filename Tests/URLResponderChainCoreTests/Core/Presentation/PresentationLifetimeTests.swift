import Foundation
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
    #expect(!lifetime.hasEnded)
    lifetime.end()
    lifetime.end()
    #expect(calls == 1)
    #expect(lifetime.hasEnded)
  }

  @Test func aLifetimeReleasedBeforeItEndedEndsOnItsOwn() async {
    let ended = Gate()
    var calls = 0
    var lifetime: PresentationLifetime? = PresentationLifetime {
      calls += 1
      ended.open()
    }
    #expect(lifetime?.hasEnded == false)
    lifetime = nil
    await ended.waitUnlessCancelled()
    #expect(calls == 1)
  }

  @Test func aLinkShowsAgainAfterItsBrowserWentAwayWithoutAClose() async throws {
    let url = try #require(URL(string: "https://example.com/guide"))
    let environment = LifetimeBrowserEnvironment()
    let presenter = LinkPresenter(environment: environment)
    let topic = TestViewController(name: "topic")

    #expect(await presenter.present(url, from: topic) == .presentedInApp)
    #expect(await presenter.present(url, from: topic) == .alreadyPresented)

    // The app dismisses the browser itself: no close is reported, the browser is released.
    let dismissal = Gate()
    var dismissed: [URL] = []
    presenter.onDismiss = {
      dismissed.append($0)
      dismissal.open()
    }
    environment.browsers.removeAll()
    await dismissal.waitUnlessCancelled()
    #expect(dismissed == [url])
    #expect(!presenter.isShowing(url))
    #expect(await presenter.present(url, from: topic) == .presentedInApp)
  }

  @Test func aCloseThenTheReleaseReportsOneDismissal() async throws {
    let url = try #require(URL(string: "https://example.com/guide"))
    let environment = LifetimeBrowserEnvironment()
    let presenter = LinkPresenter(environment: environment)
    var dismissals: [URL] = []
    presenter.onDismiss = { dismissals.append($0) }
    let topic = TestViewController(name: "topic")

    #expect(await presenter.present(url, from: topic) == .presentedInApp)
    environment.browsers.first?.lifetime.end()  // the person closes it
    #expect(await presenter.present(url, from: topic) == .presentedInApp)
    // The first browser is released after a second one for the same URL is showing: the
    // second must still count as showing.
    environment.browsers.removeFirst()
    // A main-actor task started now runs after anything the release started on the main actor.
    await Task { @MainActor in }.value
    #expect(presenter.isShowing(url))
    #expect(dismissals == [url])
  }
}

/// An in-app browser environment built as `SafariURLPresenter` is: each "browser" carries
/// its presentation's lifetime, so releasing it without a close ends the lifetime.
@MainActor
private final class LifetimeBrowserEnvironment: LinkPresentationEnvironment {
  final class Browser {
    let lifetime: PresentationLifetime
    init(lifetime: PresentationLifetime) { self.lifetime = lifetime }
  }

  var browsers: [Browser] = []

  func openUniversalLink(_ url: URL) async -> Bool { false }

  func presentInAppBrowser(
    for url: URL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool {
    browsers.append(Browser(lifetime: PresentationLifetime(onEnd: onDismiss)))
    return true
  }

  func openInSystem(_ url: URL) async -> Bool { false }
}
