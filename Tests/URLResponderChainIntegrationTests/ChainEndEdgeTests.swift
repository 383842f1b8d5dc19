import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainTesting

/// The chain's end at its edges, found by an outside review of its fixes: a tap that defers to
/// another's presentation, an outer policy made stricter during a wait, a modal going away,
/// and a window and its scene that both declare.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ChainEndEdgeTests {
  private let docs = URL(string: "https://docs.example.com/a")!
  private let tracker = URL(string: "https://tracker.example/pixel")!

  /// An environment whose universal-link attempt waits for a gate (or its task's
  /// cancellation) and then finds no app.
  @MainActor final class GatedEnvironment: LinkPresentationEnvironment {
    let asked = Gate()
    let release = Gate()
    let returned = Gate()
    let recording: RecordingLinkEnvironment
    init(_ recording: RecordingLinkEnvironment) { self.recording = recording }
    func openUniversalLink(_ url: URL) async -> Bool {
      asked.open()
      await release.wait()
      returned.open()
      return false
    }
    func presentInAppBrowser(
      for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
    ) -> Bool { recording.presentInAppBrowser(for: url, from: host, onDismiss: onDismiss) }
    func openInSystem(_ url: URL) async -> Bool { await recording.openInSystem(url) }
  }

  /// Tap A waits for the link's own app; a second, live tap B on the same link is answered
  /// `.alreadyPresented`; then A is cancelled. A's presentation goes on for B: B was told the
  /// link opened, so it does.
  @Test func aTapAnsweredAlreadyPresentedIsShownWhenTheTapItDeferredToIsCancelled() async {
    let application = TestApplication()
    let environment = GatedEnvironment(RecordingLinkEnvironment(systemOpener: application.systemOpener))
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
    application.makeWindow(rootViewController: screen)
    let a = TestView(name: "a")
    let b = TestView(name: "b")
    screen.view.addSubview(a)
    screen.view.addSubview(b)

    let first = CompletionRecorder()
    let tapA = a.propagateURL(docs, options: .untimed(), completion: first.completion)
    await environment.asked.opened(within: .deadline, "tap A asks for the link's app")
    let second = CompletionRecorder()
    b.propagateURL(docs, options: .untimed(), completion: second.completion)
    let resultB = await second.firstResult()
    tapA.cancel()
    await environment.returned.opened(within: .deadline, "tap A's universal-link attempt returns")
    #expect(await first.firstResult().outcome == .cancelled)

    #expect(resultB.outcome == .handled)  // B was told the link opened...
    let shown = environment.recording.presentations.count + application.systemOpener.openedURLs.count
    #expect(shown == 1, "a live tap answered .handled must show the link; nothing was shown")
  }

  /// The app delegate's declaration is recorded as the walk passes it, and its presenter is
  /// read again at the end: the app blocks the tracker while the delegate's handler defers,
  /// and the tap refuses it, as a long press made now does.
  @Test func anOuterPolicyMadeStricterDuringAWaitRefusesTheTap() async {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let entered = Gate()
    let release = Gate()
    // The app delegate declares, and defers every link until the test releases it.
    let delegate = RecordingURLHandler(name: "delegate") { _, _ in
      entered.open()
      await release.wait()
      return .notHandled
    }
    let appWide = LinkPresenter(environment: environment, policy: LinkPolicy())
    delegate.linkPresenter = appWide
    application.delegate = delegate
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy())
    application.makeWindow(rootViewController: screen)
    let view = TestView(name: "link")
    screen.view.addSubview(view)

    let recorder = CompletionRecorder()
    view.propagateURL(tracker, options: .untimed(), completion: recorder.completion)
    await entered.opened(within: .deadline, "the delegate is asked")
    appWide.policy = .inApp(["*.example.com"], blocking: ["tracker.example"])
    #expect(view.longPressPreview(of: tracker) == nil)  // a long press now refuses it
    release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .discarded(reason: "blocked by the deny rule \"tracker.example\""))
    #expect(environment.presentations.isEmpty, "the app-wide block is skipped")
  }

  /// The screen presents a modal that is being dismissed: no host can present now, so the tap
  /// opens the link in the system and a long press previews nothing in-app. One test of "can
  /// present now" (`hostPresentingNow`) for both.
  @Test func aPreviewAndATapAgreeWhileAModalIsBeingDismissed() async {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy())
    application.makeWindow(rootViewController: screen)
    let view = TestView(name: "link")
    screen.view.addSubview(view)
    let modal = TestViewController(name: "modal")
    #expect(screen.present(modal))
    modal.dismiss(completes: false)

    let previewed = view.longPressPreview(of: docs) != nil
    #expect(await view.propagateURL(docs, options: .untimed()).outcome == .handled)
    let tapShowedInApp = !environment.presentations.isEmpty
    #expect(previewed == tapShowedInApp, "preview in-app: \(previewed); tap in-app: \(tapShowedInApp)")
  }

  /// A window that declares does not hide its scene's declaration: the scene's, above it,
  /// still refuses (both are recorded at the window, its own first).
  @Test func aWindowDeclarationDoesNotHideItsScenesRefusal() async {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let screen = TestViewController(name: "screen")
    let window = application.makeWindow(rootViewController: screen)
    let scene = TestScene(window: window)
    scene.linkPresenter = LinkPresenter(
      environment: environment, policy: .inApp(["*.example.com"], blocking: ["tracker.example"]))
    window.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy())
    let view = TestView(name: "link")
    screen.view.addSubview(view)

    let result = await view.propagateURL(tracker, options: .untimed())
    #expect(result.outcome == .discarded(reason: "blocked by the deny rule \"tracker.example\""))
    #expect(environment.presentations.isEmpty)
    _ = scene
  }
}
