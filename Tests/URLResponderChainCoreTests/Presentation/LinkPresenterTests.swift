import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

@MainActor
@Suite(.timeLimit(.minutes(1))) struct LinkPresenterTests {
  private let web = URL(string: "https://example.com/article")!

  @Test(arguments: [
    "mailto:a@example.com", "tel:+15555550100", "javascript:alert(1)", "myapp://open", "file:///etc/hosts",
    "data:text/html,hi", "https:relative", "HTTPS:///nohost",
  ])
  func aURLThatIsNotWebNeverReachesTheInAppBrowser(link: String) async throws {
    let url = try #require(URL(string: link))
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
    let outcome = await presenter.present(url, from: TestViewController(name: "topic"))
    #expect(environment.browserRequests.isEmpty)
    #expect(environment.universalLinkAttempts.isEmpty)
    // A scheme of a document's own never leaves it: not even the system is asked.
    if ["javascript", "file", "data"].contains(url.scheme ?? "") {
      #expect(environment.systemOpener.openedURLs.isEmpty && environment.systemOpener.refusedURLs.isEmpty)
      #expect({ if case .discarded = outcome { true } else { false } }())
      return
    }
    // The system gets every other one, and opens those it has an app for.
    if environment.systemOpener.openedURLs == [url] {
      #expect({ if case .systemAction = outcome { true } else { false } }())
    } else {
      #expect(environment.systemOpener.refusedURLs == [url])
      #expect(outcome.decision != .handled)
      #expect({ if case .discarded = outcome { true } else { false } }())
    }
  }

  /// A web URL that `EligibleURL` refuses is never shown in-app, even with nothing checking in
  /// front of the presenter (a plain `SafariURLHandling` controller): the system gets it.
  @Test(arguments: [
    "https://user:pass@evil.example/", "https://user@evil.example/", "https://127.0.0.1/", "https://0x7f.1/",
    "https://[::1]/", "http://2130706433/", "https://example.com:8443/", "HTTPS://evil.example%2F@good.example/",
  ])
  func aWebURLThatIsNotEligibleIsNeverPresentedInApp(link: String) async throws {
    let url = try #require(URL(string: link))
    let environment = RecordingLinkEnvironment()
    let outcome = await LinkPresenter(environment: environment).present(url, from: TestViewController(name: "topic"))
    #expect(environment.browserRequests.isEmpty)
    #expect(environment.presentations.isEmpty)
    #expect(outcome != .presentedInApp)
  }

  /// Taps and long-press previews read one rule: what the presenter would show in-app is
  /// exactly what `LinkPolicy` previews.
  @Test(arguments: [
    "https://example.com/a", "https://user@example.com/", "https://127.0.0.1/", "https://example.com:8443/",
    "http://EXAMPLE.com./x", "mailto:a@example.com", "https://xn--nxasmq6b.example/",
  ])
  func aTapAndAPreviewAgreeOnEveryURL(link: String) async throws {
    let url = try #require(URL(string: link))
    let environment = RecordingLinkEnvironment()
    let outcome = await LinkPresenter(environment: environment).present(url, from: TestViewController(name: "topic"))
    #expect((outcome == .presentedInApp) == (LinkPolicy().inAppBrowserURL(for: url) != nil))
  }

  /// The in-app browser receives the value the policy checked, with the policy's ports: the
  /// one the chain's end decided on, never a URL it checks again or one nobody checked.
  @Test func theInAppBrowserGetsThePolicysCheckedURL() async throws {
    let url = try #require(URL(string: "https://example.com:8443/a?b=c#d"))
    let environment = CheckedURLRecorder()
    let policy = LinkPolicy(permittedPorts: [8443])
    let outcome = await LinkPresenter(environment: environment, policy: policy).present(
      url, from: TestViewController(name: "topic"))
    #expect(outcome == .presentedInApp)
    #expect(environment.shown == [try #require(policy.inAppBrowserURL(for: url))])
    #expect(environment.shown.first?.url == url, "exactly the value that was checked")
  }

  /// An app's own scheme can be checked too; the value the in-app browser takes still admits
  /// only http and https (SFSafariViewController raises for any other), whoever makes it.
  @Test func theInAppBrowserTakesNoCheckedURLOfAnAppsOwnScheme() throws {
    let custom = try EligibleURL(try #require(URL(string: "myapp://document/42")), customSchemes: ["myapp"])
    #expect(InAppBrowserURL(custom) == nil)
    let hostile = try EligibleURL(try #require(URL(string: "myapp://example.com/x")), customSchemes: ["myapp"])
    #expect(InAppBrowserURL(hostile) == nil)
  }

  @Test func aLinkTheSystemCannotOpenIsDiscardedWithWhy() async throws {
    let environment = RecordingLinkEnvironment(systemOpener: FakeSystemOpener(openableSchemes: []))
    let outcome = await LinkPresenter(environment: environment).present(
      try #require(URL(string: "mailto:a@example.com")), from: TestViewController(name: "t"))
    let reason = "mailto links cannot be shown in the in-app browser, and the system could not open it"
    #expect(outcome == .discarded(reason: reason))
    #expect(outcome.decision == .discarded(reason: reason))
    #expect(environment.systemOpener.openedURLs.isEmpty)
  }

  @Test func aViewControllerThatIsAlreadyPresentingPresentsFromTheTopMostOne() async {
    let root = TestViewController(name: "root")
    let sheet = TestViewController(name: "sheet")
    let popover = TestViewController(name: "popover")
    root.present(sheet)
    sheet.present(popover)
    let environment = RecordingLinkEnvironment()
    #expect(await LinkPresenter(environment: environment).present(web, from: root) == .presentedInApp)
    #expect(environment.presentations.map(\.hostName) == ["popover"])
  }

  @Test func aViewControllerBeingDismissedIsNeverPresentedFrom() async {
    let root = TestViewController(name: "root")
    let sheet = TestViewController(name: "sheet")
    root.present(sheet)
    sheet.dismiss(completes: false)
    let environment = RecordingLinkEnvironment()
    // Never the sheet that is going away; and, like UIKit, the root cannot present until the
    // dismissal ends: no host presents now, so the system opens the link, and nothing is tried
    // (a long press asks the same question, so it previews nothing in-app either).
    #expect(root.hostPresentingNow == nil)
    #expect(
      await LinkPresenter(environment: environment).present(web, from: root)
        == .systemAction(reason: "no view controller can present right now"))
    #expect(environment.presentationAttempts.isEmpty)
    #expect(environment.systemOpener.openedURLs == [web])
  }

  @Test func whenTheHandlingViewControllerIsItselfGoingAwayTheSystemOpensTheLink() async {
    let root = TestViewController(name: "root")
    let sheet = TestViewController(name: "sheet")
    root.present(sheet)
    sheet.dismiss(completes: false)
    let environment = RecordingLinkEnvironment()
    #expect(
      await LinkPresenter(environment: environment).present(web, from: sheet)
        == .systemAction(reason: "no view controller can present right now"))
    #expect(environment.presentations.isEmpty)
  }

  @Test func aDoubleTapPresentsOnceUntilTheBrowserIsDismissed() async {
    let root = TestViewController(name: "root")
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment)
    var dismissed: [URL] = []
    presenter.onDismiss = { dismissed.append($0) }
    #expect(await presenter.present(web, from: root) == .presentedInApp)
    #expect(await presenter.present(web, from: root) == .alreadyPresented)
    #expect(environment.presentations.count == 1)
    #expect(presenter.isShowing(web))
    environment.dismissBrowser(showing: web)
    #expect(dismissed == [web])
    #expect(!presenter.isShowing(web))
    #expect(await presenter.present(web, from: root) == .presentedInApp)
    #expect(environment.presentations.count == 2)
  }

  @Test func aBrowserTheAppDismissedEndsItsPresentationAndTheLinkShowsAgain() async {
    let root = TestViewController(name: "root")
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment)
    let dismissal = Gate()
    var dismissed: [URL] = []
    presenter.onDismiss = {
      dismissed.append($0)
      dismissal.open()
    }
    #expect(await presenter.present(web, from: root) == .presentedInApp)
    // The app dismisses what root presents, as after a sign-in: nobody tapped Done.
    root.dismiss()
    await dismissal.opened()
    #expect(dismissed == [web])
    #expect(await presenter.present(web, from: root) == .presentedInApp)
    #expect(environment.presentations.count == 2)
  }

  @Test func universalLinkFirstOpensTheNativeAppWhenThereIsOne() async throws {
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
    let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
    let video = try #require(URL(string: "https://youtu.be/abc"))
    #expect(await presenter.present(video, from: TestViewController(name: "t")) == .openedInNativeApp)
    #expect(environment.presentations.isEmpty)
    #expect(!presenter.isShowing(video))
  }

  @Test func universalLinkFirstFallsBackToInAppWhenNoAppOpensIt() async {
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
    let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
    #expect(await presenter.present(web, from: TestViewController(name: "topic")) == .presentedInApp)
    #expect(environment.universalLinkAttempts == [web])
    #expect(environment.presentations.map(\.hostName) == ["topic"])
  }

  @Test func whenPresentationFailsTheSystemOpensTheLink() async {
    // A stand-in for a host UIKit cannot present from: not a TestViewController.
    final class Elsewhere: PresentationHost {
      var presentedHost: (any PresentationHost)? { nil }
      var isBeingDismissed: Bool { false }
    }
    let environment = RecordingLinkEnvironment()
    #expect(
      await LinkPresenter(environment: environment).present(web, from: Elsewhere())
        == .systemAction(reason: "the in-app browser could not be presented"))
    #expect(environment.systemOpener.openedURLs == [web])
  }

  @Test func tapsOnTwoLinksInOneHierarchyPresentOnceThroughTheChain() async throws {
    final class Topic: TestViewController, AsyncURLHandler {
      var presenter: LinkPresenter!
      func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
        await presenter.present(url, from: self).decision
      }
    }
    let environment = RecordingLinkEnvironment()
    let app = TestApplication()
    let topic = Topic(name: "topic")
    topic.presenter = LinkPresenter(environment: environment)
    app.makeWindow(rootViewController: topic)
    let first = TestView(name: "first")
    let second = TestView(name: "second")
    topic.view.addSubview(first)
    topic.view.addSubview(second)
    #expect(await first.propagateURL(web).outcome == .handled)
    #expect(await second.propagateURL(web).outcome == .handled)
    #expect(environment.presentations.count == 1)
    let mail = try #require(URL(string: "mailto:team@example.com"))
    #expect(await first.propagateURL(mail).outcome == .handled)
    #expect(environment.browserRequests == [web])
  }
}

/// An environment that records the checked values it is asked to show.
@MainActor
private final class CheckedURLRecorder: LinkPresentationEnvironment {
  private(set) var shown: [InAppBrowserURL] = []
  func openUniversalLink(_ url: URL) async -> Bool { false }
  func presentInAppBrowser(
    for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool {
    shown.append(url)
    return true
  }
  func openInSystem(_ url: URL) async -> Bool { false }
}
