import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainTesting

/// A long press previews by a dry run of the tap: the handlers the tap would ask answer,
/// nothing is performed, then the policy of the presenter the tap would reach. So a preview
/// never shows in-app a link a tap would not.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct LinkDryRunTests {
  private let application = TestApplication()

  private func presenter(_ policy: LinkPolicy = LinkPolicy(), next: (any ResponderChainNode)? = nil)
    -> PresentingScreen
  {
    PresentingScreen(
      name: "article", presenter: LinkPresenter(environment: RecordingLinkEnvironment(), policy: policy),
      next: next ?? application)
  }

  private func dryRun(_ link: String, from origin: any ResponderChainNode) throws -> LinkDryRun.Result {
    LinkDryRun.run(of: try #require(URL(string: link)), from: origin)
  }

  /// The README's chain: a document screen that discards trackers, below an article screen
  /// that shows links in Safari. A tap discards the tracker; a long press used to preview it,
  /// because it looked only for the presenter.
  @Test func aLinkAHandlerBelowThePresenterDiscardsIsNotPreviewed() async throws {
    let article = presenter()
    let document = RuleHandler(name: "document", next: article) { url in
      url.host == "tracker.example" ? .discarded(reason: "a tracker") : .notHandled
    }
    let tracker = try #require(URL(string: "https://tracker.example/x"))
    let run = try dryRun(tracker.absoluteString, from: document)
    #expect(run.destination == .discarded(reason: "a tracker"))
    #expect(run.inApp == nil)
    #expect(LinkMenu(for: tracker, from: document)?.previewURL == nil)
    let tap = await document.propagateURL(tracker)
    #expect(tap.outcome == .discarded(reason: "a tracker"))
    // Another link passes the document and is previewed, as a tap shows it.
    let article2 = try #require(URL(string: "https://docs.example.com/a"))
    #expect(LinkMenu(for: article2, from: document)?.previewURL?.url == article2)
  }

  @Test func aRewrittenLinkPreviewsTheURLATapWouldShow() throws {
    let clean = try #require(URL(string: "https://docs.example.com/a"))
    let stripper = RuleHandler(name: "stripper", next: presenter()) { url in
      url.query == nil ? .notHandled : .rewrite(clean)
    }
    let run = try dryRun("https://docs.example.com/a?utm_source=x", from: stripper)
    #expect(run.url == clean)
    #expect(run.inApp?.url == clean)
  }

  /// `.systemAction` skips every node but the application; the declaration still answers
  /// there, but never in-app: the tap opens it in the system, as the run says.
  @Test func aLinkAHandlerSendsToTheSystemIsNotPreviewedInApp() async throws {
    let environment = RecordingLinkEnvironment()
    let article = PresentingScreen(
      name: "article", presenter: LinkPresenter(environment: environment, policy: LinkPolicy()), next: application)
    let refuser = RuleHandler(name: "refuser", next: article) { _ in .systemAction }
    let run = try dryRun("https://docs.example.com/a", from: refuser)
    #expect(run.destination == .systemAction(reason: "kept out of the in-app browser here"))
    #expect(run.inApp == nil)
    let tap = await refuser.propagateURL(try #require(URL(string: "https://docs.example.com/a")))
    #expect(tap.outcome == .handled)
    #expect(environment.presentations.isEmpty)
    // One way to the system, the application's, whoever declared the presenter.
    #expect(application.systemOpener.openedURLs.map(\.absoluteString) == ["https://docs.example.com/a"])
    #expect(environment.systemOpener.openedURLs.isEmpty)
    // Without an application at the end, nobody opens it.
    let orphan = RuleHandler(name: "orphan", next: nil) { _ in .systemAction }
    #expect(try dryRun("https://docs.example.com/a", from: orphan).destination?.isDiscarded == true)
  }

  /// An asynchronous handler cannot answer without waiting: the run stops there, asks
  /// nothing above it, and nothing is previewed in-app.
  @Test func anAsynchronousHandlerOnTheWayMeansNoInAppPreview() throws {
    let article = presenter()
    let gate = RecordingURLHandler(name: "gate", next: article, answering: .notHandled)
    let run = try dryRun("https://docs.example.com/a", from: gate)
    #expect(run.destination == nil)
    #expect(run.inApp == nil)
    #expect(gate.receivedURLs.isEmpty)
  }

  /// A handler is told it is asked for a dry run, and a tap is not: a router takes the link
  /// (no preview) and navigates only on the tap.
  @Test func aHandlerKnowsADryRunFromATap() async throws {
    let router = RuleHandler(name: "router", next: presenter()) { _ in .handled }
    let url = try #require(URL(string: "https://docs.example.com/a"))
    let run = LinkDryRun.run(of: url, from: router)
    #expect(run.destination == nil && run.inApp == nil)
    _ = await router.propagateURL(url)
    #expect(router.contexts.map(\.isDryRun) == [true, false])
    #expect(router.contexts.map(\.isInbound) == [false, false])
    #expect(router.contexts.map(\.originalURL) == [url, url])
    // Asked at the same place in the chain both times.
    let below = RuleHandler(name: "below", next: router) { _ in .notHandled }
    _ = LinkDryRun.run(of: url, from: below)
    _ = await below.propagateURL(url)
    #expect(router.contexts.suffix(2).map(\.hop) == [1, 1])
    #expect(router.contexts.suffix(2).map(\.isDryRun) == [true, false])
  }

  @Test func withNoPresenterAboveTheApplicationSendsItToTheSystem() throws {
    let screen = RuleHandler(name: "screen", next: application) { _ in .notHandled }
    #expect(
      try dryRun("https://docs.example.com/a", from: screen).destination
        == .systemAction(reason: "kept out of the in-app browser here"))
    #expect(try dryRun("javascript:alert(1)", from: screen).destination?.isDiscarded == true)
    #expect(
      LinkMenu(for: try #require(URL(string: "javascript:alert(1)")), from: screen) == nil)
    let mail = try #require(URL(string: "mailto:a@example.com"))
    #expect(
      LinkMenu(for: mail, from: screen)
        == LinkMenu(previewURL: nil, actions: [.open, .copyLink]))
  }

  /// A checked URL may have an app's own scheme; no in-app browser loads it
  /// (SFSafariViewController raises for any scheme but `http` and `https`), so the value the
  /// browser and the preview take admits none.
  @Test func onlyAWebURLReachesTheInAppBrowser() throws {
    let web = try EligibleURL("https://docs.example.com/a")
    let plain = try EligibleURL("http://docs.example.com/a")
    let own = try EligibleURL(try #require(URL(string: "myapp://docs.example.com/a")), customSchemes: ["myapp"])
    #expect(InAppBrowserURL(web)?.url == web.url)
    #expect(InAppBrowserURL(plain)?.checked == plain)
    #expect(InAppBrowserURL(own) == nil)
    // The scheme as written in any case is the web's: the check lowercases it first.
    let shouted = try EligibleURL("HTTPS://docs.example.com/a")
    #expect(InAppBrowserURL(shouted)?.url == shouted.url)
    // An app's scheme that merely starts like the web's is not it.
    let lookalike = try EligibleURL(
      try #require(URL(string: "https-app://docs.example.com/a")), customSchemes: ["https-app"])
    #expect(InAppBrowserURL(lookalike) == nil)
  }

  /// A SwiftUI declaration (`presentsLinksInSafari(policy:)`) is a node that answers
  /// nothing: the run passes it, and the application asks it as the nearest declaration. A
  /// SwiftUI handler of the app's own is asynchronous, so nothing is previewed in-app through
  /// it; nor without a view controller on the way to present from.
  @Test func aSwiftUIDeclarationAnswersByItsPolicy() throws {
    let linkPresenter = LinkPresenter(environment: RecordingLinkEnvironment(), policy: LinkPolicy())
    let hosting = PresentingScreen(name: "hosting", presenter: nil, next: application)
    let declaration = ViewLinkHandler(name: "Reader.swift:3", nil)
    declaration.linkPresenter = linkPresenter
    declaration.anchor = hosting
    let inner = ViewLinkHandler(name: "Article.swift:9") { _, _ in .notHandled }
    inner.enclosing = declaration
    let web = "https://docs.example.com/a"
    #expect(try dryRun(web, from: declaration).inApp?.url.absoluteString == web)
    #expect(try dryRun("https://user@docs.example.com/a", from: declaration).inApp == nil)
    #expect(try dryRun(web, from: inner).destination == nil)
    declaration.anchor = application
    #expect(
      try dryRun(web, from: declaration).destination == .systemAction(reason: "kept out of the in-app browser here"))
    withExtendedLifetime(linkPresenter) {}
  }

  /// Prewarming runs each link dry too: no connection to a server a tap would never show
  /// in-app (a tracker the screen below discards), and the server of the URL a tap would
  /// show (after a rewrite) rather than the one written.
  @Test func prewarmingWarmsOnlyWhatATapWouldShowInApp() throws {
    let mirror = try #require(URL(string: "https://mirror.example.org/a"))
    let document = RuleHandler(name: "document", next: presenter()) { url in
      switch url.host {
      case "tracker.example": .discarded(reason: "a tracker")
      case "old.example.com": .rewrite(mirror)
      default: .notHandled
      }
    }
    let visible = try [
      "https://tracker.example/x", "https://old.example.com/a", "https://docs.example.com/b", "https://user@c.example/",
    ].map { try #require(URL(string: $0)) }
    let origins = LinkPrewarmPolicy(maximumHosts: 5).origins(
      for: visible, inApp: { LinkDryRun.run(of: $0, from: document).inApp })
    #expect(origins.map(\.absoluteString) == ["https://mirror.example.org/", "https://docs.example.com/"])
  }

  /// A declaring screen that also answers at once is asked through `handleURL`, by the walk
  /// and so by the dry run; what it passes on reaches the application, where its declaration
  /// applies to a tap and a preview alike.
  @Test func aDeclaringScreenThatIsAlsoAURLHandlerIsAskedAsOne() async throws {
    let environment = RecordingLinkEnvironment()
    let both = AnsweringPresenter(
      name: "both", presenter: LinkPresenter(environment: environment, policy: LinkPolicy()), next: application)
    let taken = try #require(URL(string: "https://docs.example.com/x"))
    let shown = try #require(URL(string: "https://docs.example.com/a"))
    #expect(LinkDryRun.run(of: taken, from: both).destination == nil)
    #expect(LinkDryRun.run(of: shown, from: both).inApp?.url == shown)
    #expect(await both.propagateURL(taken).outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(await both.propagateURL(shown).outcome == .handled)
    #expect(environment.presentations.map(\.url) == [shown])
    #expect(application.systemOpener.openedURLs.isEmpty)
  }

  /// A chain longer than any screen's previews as a tap shows it: the dry run is the tap's
  /// walk, which asks every handler once and does not recurse.
  @Test func aLongChainPreviewsAsATapShowsIt() throws {
    var head: any ResponderChainNode = presenter()
    var handlers: [RuleHandler] = []
    for index in 0..<1_500 {
      let handler = RuleHandler(name: "screen\(index)", next: head) { _ in .notHandled }
      handlers.append(handler)
      head = handler
    }
    let run = try dryRun("https://docs.example.com/a", from: head)
    #expect(run.inApp != nil)
    #expect(handlers.allSatisfy { $0.contexts.count == 1 })
  }

  @Test func aChainWithALoopEndsNowhere() throws {
    let first = RuleHandler(name: "first") { _ in .notHandled }
    let second = RuleHandler(name: "second", next: first) { _ in .notHandled }
    first.next = second
    #expect(try dryRun("https://docs.example.com/a", from: first).destination?.isDiscarded == true)
    #expect(first.contexts.count == 1 && second.contexts.count == 1)
  }
}

extension LinkDestination {
  var isDiscarded: Bool { if case .discarded = self { true } else { false } }
}
