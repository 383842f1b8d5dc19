import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

/// A wait that ignores task cancellation, as `UIApplication.open(_:options:[.universalLinksOnly])`
/// does: it answers when the system answers.
@MainActor
private final class Latch {
  private var continuations: [CheckedContinuation<Void, Never>] = []
  let entered = Gate()
  func wait() async {
    entered.open()
    await withCheckedContinuation { continuations.append($0) }
  }
  func release() {
    let waiting = continuations
    continuations = []
    for continuation in waiting { continuation.resume() }
  }
}

/// An environment whose universal-link attempt takes a while and then fails (no app).
@MainActor
private final class SlowUniversalLinks: LinkPresentationEnvironment {
  let inner = RecordingLinkEnvironment()
  let latch = Latch()
  /// Opened as the attempt returns: the test resumes only after the job that made it has run
  /// on, so whatever the chain's end does next has happened by then.
  let answered = Gate()
  func openUniversalLink(_ url: URL) async -> Bool {
    await latch.wait()
    answered.open()
    return false
  }
  func presentInAppBrowser(
    for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool {
    inner.presentInAppBrowser(for: url, from: host, onDismiss: onDismiss)
  }
  func openInSystem(_ url: URL) async -> Bool { await inner.openInSystem(url) }
}

/// A walk that ended (cancelled, or timed out) performs nothing afterwards: the chain's end
/// stops at its next step once an await inside it (here the universal-link attempt, which
/// ignores cancellation as UIKit's does) returns. Found by an outside review.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct EndedWalkPerformsNothingTests {
  let docs = URL(string: "https://docs.example.com/a")!

  // MARK: - A cancelled or timed-out tap still opens the link

  private func slowApp() -> (TestApplication, SlowUniversalLinks, TestView) {
    let application = TestApplication()
    let environment = SlowUniversalLinks()
    let root = TestViewController(name: "root")
    root.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
    application.makeWindow(rootViewController: root)
    let view = TestView(name: "link")
    root.view.addSubview(view)
    return (application, environment, view)
  }

  @Test func aCancelledTapOpensNothing() async {
    let (application, environment, view) = slowApp()
    let recorder = CompletionRecorder()
    let propagation = view.propagateURL(docs, options: .untimed(), completion: recorder.completion)
    await environment.latch.entered.opened()
    propagation.cancel()
    #expect(await recorder.firstResult().outcome == .cancelled)
    environment.latch.release()
    await environment.answered.opened()
    #expect(environment.inner.presentations.isEmpty, "a tap reported cancelled presented the link in-app afterwards")
    #expect(application.systemOpener.openedURLs.isEmpty)
  }

  @Test func aTimedOutTapOpensNothing() async {
    let (application, environment, view) = slowApp()
    let clock = ManualClock()
    let recorder = CompletionRecorder()
    _ = view.propagateURL(
      docs, options: URLPropagationOptions(handlerTimeout: .seconds(5), clock: clock), completion: recorder.completion)
    await environment.latch.entered.opened()
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(5))
    #expect(await recorder.firstResult().outcome == .timedOut)
    environment.latch.release()
    await environment.answered.opened()
    #expect(environment.inner.presentations.isEmpty, "a tap reported timed out presented the link in-app afterwards")
    #expect(application.systemOpener.openedURLs.isEmpty)
  }
}
