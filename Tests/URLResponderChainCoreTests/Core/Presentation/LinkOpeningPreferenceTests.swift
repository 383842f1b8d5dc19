import Foundation
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
    let presenter = LinkPresenter(environment: environment, openingPreference: .inApp)
    #expect(await presenter.present(web, from: TestViewController(name: "topic")) == .presentedInApp)
    #expect(environment.systemOpener.openedURLs.isEmpty)
  }

  @Test func defaultBrowserOpensEveryWebLinkInTheSystemAndNeverPresents() async {
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(
      environment: environment, universalLinksFirst: true, openingPreference: .defaultBrowser)
    #expect(await presenter.present(web, from: TestViewController(name: "topic")) == .openedInSystem)
    #expect(environment.systemOpener.openedURLs == [web])
    #expect(environment.browserRequests.isEmpty)
    #expect(!presenter.isShowing(web))
  }

  @Test func underEitherPreferenceUniversalLinksStillOpenTheirApp() async {
    for preference in LinkOpeningPreference.allCases {
      let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
      let presenter = LinkPresenter(environment: environment, universalLinksFirst: true, openingPreference: preference)
      #expect(await presenter.present(video, from: TestViewController(name: "t")) == .openedInNativeApp)
      #expect(environment.browserRequests.isEmpty && environment.systemOpener.openedURLs.isEmpty)
    }
  }

  @Test func defaultBrowserTriesTheUniversalLinkEvenWhenThePresenterDoesNotAskForIt() async {
    let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
    let presenter = LinkPresenter(
      environment: environment, universalLinksFirst: false, openingPreference: .defaultBrowser)
    #expect(await presenter.present(video, from: TestViewController(name: "t")) == .openedInNativeApp)
  }

  @Test func defaultBrowserIsNotAFallbackSoItOpensEvenWithoutOne() async {
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(
      environment: environment, fallsBackToSystem: false, openingPreference: .defaultBrowser)
    #expect(await presenter.present(web, from: TestViewController(name: "t")) == .openedInSystem)
  }

  @Test func aLinkTheDefaultBrowserCannotOpenIsDiscarded() async {
    let environment = RecordingLinkEnvironment(systemOpener: FakeSystemOpener(openableSchemes: []))
    let presenter = LinkPresenter(environment: environment, openingPreference: .defaultBrowser)
    #expect(
      await presenter.present(web, from: TestViewController(name: "t"))
        == .discarded(reason: "the default browser could not open it"))
  }

  @Test func nonWebLinksGoToTheSystemUnderEitherPreference() async throws {
    let mail = try #require(URL(string: "mailto:a@example.com"))
    for preference in LinkOpeningPreference.allCases {
      let environment = RecordingLinkEnvironment()
      let presenter = LinkPresenter(environment: environment, openingPreference: preference)
      #expect(await presenter.present(mail, from: TestViewController(name: "t")) == .openedInSystem)
      #expect(environment.browserRequests.isEmpty)
    }
  }

  @Test func thePreferenceCanChangeBetweenLinks() async {
    let environment = RecordingLinkEnvironment()
    let presenter = LinkPresenter(environment: environment)
    presenter.openingPreference = .defaultBrowser
    #expect(await presenter.present(web, from: TestViewController(name: "t")) == .openedInSystem)
    presenter.openingPreference = .inApp
    #expect(await presenter.present(web, from: TestViewController(name: "t")) == .presentedInApp)
  }

  @Test func theRawValuesArePersistable() {
    #expect(LinkOpeningPreference(rawValue: "defaultBrowser") == .defaultBrowser)
    #expect(LinkOpeningPreference.inApp.rawValue == "inApp")
    #expect(LinkOpeningPreference(rawValue: "safari") == nil)
  }
}
