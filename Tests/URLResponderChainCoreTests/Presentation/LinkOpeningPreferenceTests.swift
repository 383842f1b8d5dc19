import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

/// The person's choice of browser, as ``LinkOpeningPreference`` states it.
@MainActor
@Suite struct LinkOpeningPreferenceTests {
  private let web = URL(string: "https://example.com/article")!
  private let video = URL(string: "https://youtu.be/abc")!

  @Test func inAppShowsWebLinksInTheInAppBrowser() async {
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
    let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(preference: .inApp))
    #expect(await presenter.present(web, from: TestViewController(name: "topic")) == .presentedInApp)
    #expect(environment.systemOpener.openedURLs.isEmpty)
  }

  @Test func defaultBrowserOpensEveryWebLinkInTheSystemAndNeverPresents() async {
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(
      environment: environment, policy: LinkPolicy(universalLinksFirst: true, preference: .defaultBrowser))
    #expect(
      await presenter.present(web, from: TestViewController(name: "topic"))
        == .systemAction(reason: "the person prefers their default browser"))
    #expect(environment.systemOpener.openedURLs == [web])
    #expect(environment.browserRequests.isEmpty)
    #expect(!presenter.isShowing(web))
  }

  @Test func underEitherPreferenceUniversalLinksStillOpenTheirApp() async {
    for preference in LinkOpeningPreference.allCases {
      let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
      let presenter = LinkPresenter(
        environment: environment, policy: LinkPolicy(universalLinksFirst: true, preference: preference))
      #expect(await presenter.present(video, from: TestViewController(name: "t")) == .openedInNativeApp)
      #expect(environment.browserRequests.isEmpty && environment.systemOpener.openedURLs.isEmpty)
    }
  }

  @Test func defaultBrowserTriesTheUniversalLinkEvenWhenThePresenterDoesNotAskForIt() async {
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
    let presenter = LinkPresenter(
      environment: environment, policy: LinkPolicy(universalLinksFirst: false, preference: .defaultBrowser))
    #expect(await presenter.present(video, from: TestViewController(name: "t")) == .openedInNativeApp)
  }

  @Test func defaultBrowserOpensInTheSystemWithoutTryingToPresent() async {
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(preference: .defaultBrowser))
    #expect(
      await presenter.present(web, from: TestViewController(name: "t"))
        == .systemAction(reason: "the person prefers their default browser"))
    #expect(environment.presentations.isEmpty)
  }

  @Test func aLinkTheDefaultBrowserCannotOpenIsDiscarded() async {
    let environment = RecordingLinkEnvironment(systemOpener: FakeSystemOpener(openableSchemes: []))
    let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(preference: .defaultBrowser))
    #expect(
      await presenter.present(web, from: TestViewController(name: "t"))
        == .discarded(reason: "the default browser could not open it"))
  }

  @Test func nonWebLinksGoToTheSystemUnderEitherPreference() async throws {
    let mail = try #require(URL(string: "mailto:a@example.com"))
    for preference in LinkOpeningPreference.allCases {
      let environment = RecordingLinkEnvironment()
      let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(preference: preference))
      #expect(
        await presenter.present(mail, from: TestViewController(name: "t"))
          == .systemAction(reason: "mailto links cannot be shown in the in-app browser"))
      #expect(environment.browserRequests.isEmpty)
    }
  }

  @Test func thePreferenceCanChangeBetweenLinks() async {
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment)
    presenter.policy.preference = .defaultBrowser
    #expect(
      await presenter.present(web, from: TestViewController(name: "t"))
        == .systemAction(reason: "the person prefers their default browser"))
    presenter.policy.preference = .inApp
    #expect(await presenter.present(web, from: TestViewController(name: "t")) == .presentedInApp)
  }

  @Test func theRawValuesArePersistable() {
    #expect(LinkOpeningPreference(rawValue: "defaultBrowser") == .defaultBrowser)
    #expect(LinkOpeningPreference.inApp.rawValue == "inApp")
    #expect(LinkOpeningPreference(rawValue: "safari") == nil)
  }
}
