import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// The declaration nearest a link says where it opens; every declaration above it may still
/// refuse it: a screen narrows what its scene or app allows, never re-opens what they block
/// (DESIGN.md, sixth round). A scene-wide (here, window-root-wide) block holds under a screen
/// that declares a plain in-app presenter, for a tap and for a long press's preview, with a
/// list held in code and with a remote list.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct OuterDeclarationTests {
  private let tracker = URL(string: "https://tracker.example/pixel")!
  private let docs = URL(string: "https://docs.example.com/a")!

  /// An application whose window's root screen declares `outer`, with a screen inside it that
  /// declares a presenter showing every web link in-app, and a view inside that.
  @MainActor private struct App {
    let application = TestApplication()
    let environment: RecordingLinkEnvironment
    let root = TestViewController(name: "root")
    let screen = TestViewController(name: "screen")
    let view = TestView(name: "link")

    init(outer: LinkPolicy) {
      environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
      root.linkPresenter = LinkPresenter(environment: environment, policy: outer)
      screen.linkPresenter = LinkPresenter(environment: environment, policy: LinkPolicy())
      application.makeWindow(rootViewController: root)
      root.addChild(screen)
      screen.view.addSubview(view)
    }

    var opened: [URL] { environment.presentations.map(\.url) + application.systemOpener.openedURLs }
  }

  /// A list that shows `*.example.com` in-app and blocks the tracker.
  static let trackerList = #"{"version": 1, "allow": ["*.example.com"], "deny": ["tracker.example"]}"#

  /// A remote list served by `server`.
  static func remoteList(at server: AllowlistServerStandIn) throws -> RemoteAllowlist {
    try server.remoteAllowlist(
      RemoteAllowlistConfiguration(endpoint: try #require(URL(string: "https://config.example.com/list.json"))))
  }

  @Test func anOuterDenyRuleHoldsUnderANearerDeclarationForATapAndAPreview() async {
    let app = App(outer: .inApp(["*.example.com"], blocking: ["tracker.example"]))
    let result = await app.view.propagateURL(tracker, options: .untimed())
    #expect(result.outcome == .discarded(reason: "blocked by the deny rule \"tracker.example\""))
    #expect(app.opened.isEmpty)
    #expect(LinkMenu(for: tracker, from: app.view)?.previewURL == nil)
    // What the outer declaration does not block, the nearest shows where it says.
    #expect(await app.view.propagateURL(docs, options: .untimed()).outcome == .handled)
    #expect(app.environment.presentations.map(\.url) == [docs])
    #expect(LinkMenu(for: docs, from: app.view)?.previewURL?.url == docs)
  }

  @Test func anOuterRuleThatSendsNowhereHoldsToo() async {
    let app = App(outer: LinkPolicy(rules: [.discarded("tracker.example")]))
    let result = await app.view.propagateURL(tracker, options: .untimed())
    #expect(result.outcome == .discarded(reason: "discarded by the rule \"tracker.example\""))
    #expect(app.opened.isEmpty)
  }

  /// The outer declaration's where is not asked: only its refusal counts. A link it would
  /// send to the system opens in-app by the nearer one.
  @Test func anOuterDeclarationNeitherReopensNorMovesALink() async {
    let app = App(outer: .inApp([]))
    #expect(await app.view.propagateURL(docs, options: .untimed()).outcome == .handled)
    #expect(app.environment.presentations.map(\.url) == [docs])
  }

  @Test func anOuterRemoteListIsWaitedForAndItsDenyRuleHolds() async throws {
    let server = AllowlistServerStandIn(.document(Self.trackerList))
    let app = App(outer: LinkPolicy(inApp: try Self.remoteList(at: server)))
    // A tap waits for the outer list, which it has never fetched.
    let result = await app.view.propagateURL(tracker, options: .untimed())
    #expect(result.outcome == .discarded(reason: "blocked by the deny rule \"tracker.example\""))
    #expect(app.opened.isEmpty)
    #expect(server.requests.count == 1)
    // A preview answers from the list held now, which the tap fetched.
    #expect(LinkMenu(for: tracker, from: app.view)?.previewURL == nil)
    #expect(await app.view.propagateURL(docs, options: .untimed()).outcome == .handled)
    #expect(app.environment.presentations.map(\.url) == [docs])
  }

  /// A long press cannot wait for a remote list above that is not held yet: nothing is
  /// previewed in-app by its leave, since once fetched it may block the link.
  @Test func aPreviewShowsNothingInAppBeforeAnOuterRemoteListIsHeld() async throws {
    let server = AllowlistServerStandIn(.document(Self.trackerList))
    let app = App(outer: LinkPolicy(inApp: try Self.remoteList(at: server)))
    #expect(LinkMenu(for: tracker, from: app.view)?.previewURL == nil)
    #expect(LinkMenu(for: docs, from: app.view)?.previewURL == nil)
    // Once a tap fetched it, what it does not block is previewed by the nearer declaration.
    #expect(await app.view.propagateURL(docs, options: .untimed()).outcome == .handled)
    #expect(LinkMenu(for: docs, from: app.view)?.previewURL?.url == docs)
    #expect(LinkMenu(for: tracker, from: app.view)?.previewURL == nil)
  }

  /// A remote list above that cannot be had fails closed, as the nearest one's would.
  @Test func anOuterRemoteListThatCannotBeHadRefuses() async throws {
    let app = App(
      outer: LinkPolicy(inApp: try Self.remoteList(at: AllowlistServerStandIn(.failure(.serverError(status: 503))))))
    let result = await app.view.propagateURL(docs, options: .untimed())
    guard case .discarded = result.outcome else {
      Issue.record("\(result.outcome)")
      return
    }
    #expect(app.opened.isEmpty)
  }

  /// The application's delegate is after it in the chain, as in UIKit: its handler is asked
  /// before the chain's end decides where anything opens, for a tap and for a preview.
  @Test func theApplicationsDelegateIsAskedBeforeTheChainsEndDecides() async {
    final class Delegate: TestResponder, URLHandler {
      private(set) var asked: [URL] = []
      func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
        asked.append(url)
        return url.host() == "tracker.example" ? .discarded(reason: "the delegate blocks trackers") : .notHandled
      }
    }
    let app = App(outer: LinkPolicy())
    let delegate = Delegate(name: "delegate")
    app.application.delegate = delegate
    let result = await app.view.propagateURL(tracker, options: .untimed())
    #expect(result.outcome == .discarded(reason: "the delegate blocks trackers"))
    #expect(app.opened.isEmpty)
    #expect(LinkMenu(for: tracker, from: app.view)?.previewURL == nil)
    #expect(await app.view.propagateURL(docs, options: .untimed()).outcome == .handled)
    #expect(app.environment.presentations.map(\.url) == [docs])
    #expect(delegate.asked == [tracker, tracker, docs])
    // The trace shows the delegate asked before the application.
    let names = result.trace.map(\.nodeName)
    #expect(names.last == "Delegate \"delegate\"")
    #expect(!names.contains("TestApplication \"application\""))
  }
}

/// A link whose view leaves the window while a handler waits, and an application delegate
/// that must be awaited: the chain's end still decides by what the walk passed, or fails
/// closed.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ChainEndAfterAWaitTests {
  /// A container that takes the link's view out of the window while it is asked (a reused
  /// cell, a reloaded page), then passes the link on.
  final class DetachingContainer: TestView, AsyncURLHandler {
    var detaching: TestView?
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      detaching?.removeFromSuperview()
      return .notHandled
    }
  }

  final class AwaitedDelegate: TestResponder, AsyncURLHandler {
    private(set) var asked: [URL] = []
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      asked.append(url)
      return .notHandled
    }
  }

  @Test func aLinkWhoseViewLeftTheWindowWhileAHandlerWaitedOpensNowhere() async throws {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(
      environment: environment, policy: .inApp(["docs.example.com"], blocking: ["tracker.example"]))
    application.makeWindow(rootViewController: screen)
    let container = DetachingContainer(name: "container")
    screen.view.addSubview(container)
    let link = TestView(name: "link")
    container.addSubview(link)
    container.detaching = link
    let tracker = try #require(URL(string: "https://tracker.example/pixel"))
    let result = await link.propagateURL(tracker, options: .untimed())
    guard case .discarded = result.outcome else {
      Issue.record("\(result.outcome)")
      return
    }
    #expect(application.systemOpener.openedURLs.isEmpty && environment.presentations.isEmpty)
  }

  @Test func anAwaitedApplicationDelegateIsAskedAndThenTheApplication() async throws {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(environment: environment, policy: .inApp(["docs.example.com"]))
    application.makeWindow(rootViewController: screen)
    let delegate = AwaitedDelegate(name: "delegate")
    application.delegate = delegate
    let link = TestView(name: "link")
    screen.view.addSubview(link)
    let docs = try #require(URL(string: "https://docs.example.com/a"))
    let result = await link.propagateURL(docs, options: .untimed())
    #expect(result.outcome == .handled)
    #expect(delegate.asked == [docs])
    #expect(environment.presentations.map(\.url) == [docs])
    #expect(result.decidingStep?.refers(to: application) == true)
  }
}

/// One way to the system (DESIGN.md, sixth round): at the chain's end, a declared presenter
/// opens through the application, from the scene the link came from, never through an
/// environment's own opener, so the test kit's application sees every open.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct OneWayToTheSystemTests {
  @Test func aDeclaredPresenterOpensThroughTheApplication() async throws {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment()  // with an opener of its own
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(environment: environment, policy: .inApp(["docs.example.com"]))
    application.makeWindow(rootViewController: screen)
    let view = TestView(name: "link")
    screen.view.addSubview(view)
    let other = try #require(URL(string: "https://swift.org/"))
    #expect(await view.propagateURL(other, options: .untimed()).outcome == .handled)
    #expect(application.systemOpener.openedURLs == [other])
    #expect(environment.systemOpener.openedURLs.isEmpty)
  }
}
