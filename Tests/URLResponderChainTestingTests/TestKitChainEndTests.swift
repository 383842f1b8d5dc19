import Foundation
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainTesting

/// The test kit's chain ends as an app's does: the walk passes the application, asks its
/// delegate, and decides with every declaration it passed; one system opener sees every open,
/// and a test asks what a long press would preview as the link views ask it.
@MainActor
@Suite struct TestKitChainEndTests {
  let application = TestApplication()
  let delegate = TestResponder(name: "app delegate")
  let screen = TestViewController(name: "screen")
  let link = TestView(name: "link")
  let environment = RecordingLinkEnvironment()
  let docs = URL(string: "https://docs.example.com/guide")!
  let tracker = URL(string: "https://tracker.example/pixel")!

  init() {
    application.delegate = delegate
    application.makeWindow(rootViewController: screen)
    screen.view.addSubview(link)
  }

  /// The app delegate declares once for every screen that declares nothing nearer.
  @Test func theAppDelegatesDeclarationAppliesWhereNothingNearerDeclares() async throws {
    delegate.linkPresenter = LinkPresenter(
      environment: environment, policy: LinkPolicy(inApp: try Allowlist(allow: ["*.example.com"])))
    #expect(link.longPressPreview(of: docs)?.url == docs)
    #expect(await link.propagateURL(docs).outcome == .handled)
    #expect(environment.presentations.map(\.url) == [docs])
    #expect(link.longPressPreview(of: tracker) == nil)
    #expect(await link.propagateURL(tracker).outcome == .handled)
    #expect(application.systemOpener.openedURLs == [tracker], "not allowed in-app: the system opens it")
  }

  /// A screen narrows what the app delegate allows, never re-opens what it blocks: for a tap
  /// and for a long press alike.
  @Test func theAppDelegatesRefusalHoldsUnderANearerDeclaration() async throws {
    delegate.linkPresenter = LinkPresenter(
      environment: environment, policy: LinkPolicy(rules: [.discarded("tracker.example")]))
    screen.linkPresenter = LinkPresenter(environment: environment)
    #expect(link.longPressPreview(of: docs)?.url == docs)
    #expect(link.longPressPreview(of: tracker) == nil)
    #expect(await link.propagateURL(tracker).outcome == .discarded(reason: "discarded by the rule \"tracker.example\""))
    #expect(await link.propagateURL(docs).outcome == .handled)
    #expect(environment.presentations.map(\.url) == [docs])
    #expect(application.systemOpener.openedURLs.isEmpty)
  }

  /// The app delegate is asked before the chain's end decides, as UIKit's responder chain asks
  /// it: a delegate that takes a link keeps it from every declaration.
  @Test func theAppDelegateIsAskedBeforeTheEndDecides() async {
    let handlingDelegate = RecordingURLHandler(name: "app delegate", answering: .handled)
    application.delegate = handlingDelegate
    screen.linkPresenter = LinkPresenter(environment: environment)
    let result = await link.propagateURL(docs)
    #expect(result.outcome == .handled)
    #expect(result.decidingStep?.refers(to: handlingDelegate) == true)
    #expect(handlingDelegate.receivedURLs == [docs])
    #expect(environment.presentations.isEmpty && application.systemOpener.openedURLs.isEmpty)
  }

  /// A link inside a screen being dismissed: no host can present it now, so the tap opens it
  /// in the system, and a long press previews nothing in-app.
  @Test func aLinkInAScreenGoingAwayIsNeitherShownNorPreviewedInApp() async {
    screen.linkPresenter = LinkPresenter(environment: environment)
    let modal = TestViewController(name: "modal")
    screen.present(modal)
    let inModal = TestView(name: "link in the modal")
    modal.view.addSubview(inModal)
    modal.dismiss(completes: false)
    #expect(inModal.longPressPreview(of: docs) == nil)
    #expect(await inModal.propagateURL(docs).outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [docs])
  }

  /// Every link that opens in the system opens through the application's opener, whichever
  /// decided it: a declared presenter whose environment has an opener of its own included.
  @Test func oneSystemOpenerSeesEveryOpen() async throws {
    let ownOpener = FakeSystemOpener()
    screen.linkPresenter = LinkPresenter(environment: RecordingLinkEnvironment(systemOpener: ownOpener))
    let mail = try #require(URL(string: "mailto:a@example.com"))
    #expect(await link.propagateURL(mail).outcome == .handled)
    #expect(application.systemOpener.openedURLs == [mail])
    #expect(ownOpener.openedURLs.isEmpty)
  }
}
