import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// A screen of the app's own that answers at once by a rule, like a parent view controller
/// that routes some links.
@MainActor
private final class RoutingScreen: TestViewController, URLHandler {
  var rule: @MainActor (URL) -> URLHandlingDecision = { _ in .notHandled }
  private(set) var asked: [URL] = []

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    asked.append(url)
    return rule(url)
  }
}

/// Handlers answer; the application at the chain's end asks the declaration nearest the
/// link's origin, once, and its presenter shows the link (``SystemFallback``). The tree is the
/// test kit's: a window whose root screen routes links, an article screen inside it that
/// declares a `LinkPresenter` (as a `SafariURLHandling` view controller declares its Safari
/// presenter), a figure screen inside the article, and a text view in the figure.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ChainEndDecidesTests {
  private let application = TestApplication()
  private let root = RoutingScreen(name: "root")
  private let article = TestViewController(name: "article")
  private let figure = TestViewController(name: "figure")
  private let text = TestView(name: "text")
  private let environment: RecordingLinkEnvironment
  private let blocked = URL(string: "https://evil.example/login")!
  private let web = URL(string: "https://docs.example.com/a")!

  init() {
    environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    article.linkPresenter = LinkPresenter(environment: environment, policy: Self.policy(inAppHostPrefix: "docs."))
    application.makeWindow(rootViewController: root)
    root.addChild(article)
    article.addChild(figure)
    figure.view.addSubview(text)
  }

  /// A policy whose list shows `docs.` hosts in-app, blocks `evil` hosts and sends the rest
  /// to the system.
  static func policy(inAppHostPrefix: String) -> LinkPolicy {
    LinkPolicy(
      permittedPorts: [], universalLinksFirst: false, preference: .inApp,
      list: LinkPolicyList { url in
        let host = url.host ?? ""
        if host.contains("evil") { return .discarded(reason: "denied") }
        return host.hasPrefix(inAppHostPrefix)
          ? .inApp(nativeAppFirst: false, reason: "listed") : .systemAction(reason: "unlisted")
      })
  }

  /// Nobody takes the link: the declaration shows it in-app, from the view controller
  /// nearest the link (the figure, inside the article), after every handler was asked.
  @Test func aLinkNobodyTakesIsShownByTheNearestDeclarationFromTheNearestHost() async {
    let result = await text.propagateURL(web)
    #expect(result.outcome == .handled)
    #expect(root.asked == [web])
    #expect(environment.presentations.map(\.url) == [web])
    #expect(environment.presentations.map(\.hostName) == ["figure"])
    #expect(application.systemOpener.openedURLs.isEmpty)
    #expect(result.decidingStep?.nodeID == ObjectIdentifier(application))
  }

  /// The declaration is not a handler: a parent screen above it that routes the link takes
  /// it, and nothing is shown. (A presenting screen used to take every link below its
  /// parents.)
  @Test func aHandlerAboveTheDeclarationIsAskedFirst() async {
    root.rule = { _ in .handled }
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs.isEmpty)
  }

  /// `.systemAction` means the policy's answer, never in-app: the system opens what the
  /// policy would show in-app, and what it blocks opens nowhere, even after `.systemAction`
  /// (which used to hand it to the system past the policy).
  @Test func aSystemActionIsThePolicysAnswerNeverInApp() async {
    root.rule = { _ in .systemAction }
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [web])

    let result = await text.propagateURL(blocked)
    #expect(result.outcome == .discarded(reason: "denied"))
    #expect(application.systemOpener.openedURLs == [web])
    #expect(application.systemOpener.refusedURLs.isEmpty)
  }

  /// A link the policy blocks, or whose scheme never leaves its document, opens nowhere; an
  /// ineligible spelling of a listed host goes to the system, never in-app.
  @Test func thePolicyDecidesEveryOtherLink() async throws {
    #expect(await text.propagateURL(blocked).outcome == .discarded(reason: "denied"))
    let script = try #require(URL(string: "javascript:alert(1)"))
    #expect(await text.propagateURL(script).outcome != .handled)
    let ineligible = try #require(URL(string: "https://user@docs.example.com/a"))
    #expect(await text.propagateURL(ineligible).outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [ineligible])
  }

  /// The nearest declaration applies: the figure's own, over the article's; a screen whose
  /// presenter is `nil` declares nothing, and the next one up applies.
  @Test func theDeclarationNearestTheOriginApplies() async {
    let figureEnvironment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    figure.linkPresenter = LinkPresenter(environment: figureEnvironment, policy: Self.policy(inAppHostPrefix: "none."))
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(figureEnvironment.presentations.isEmpty && environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [web])

    figure.linkPresenter = nil
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(environment.presentations.map(\.url) == [web])
  }

  /// Makes the app delegate declare a policy that shows `inAppHostPrefix` hosts in-app: the
  /// delegate (keep it: the application holds it weakly) and the environment it presents in.
  private func declareAtTheAppDelegate(inAppHostPrefix: String) -> (TestResponder, RecordingLinkEnvironment) {
    let appEnvironment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let delegate = TestResponder(name: "app delegate")
    delegate.linkPresenter = LinkPresenter(
      environment: appEnvironment, policy: Self.policy(inAppHostPrefix: inAppHostPrefix))
    application.delegate = delegate
    return (delegate, appEnvironment)
  }

  /// The application's own declaration (the app delegate's, after the application in the
  /// chain) applies to every screen that declares nothing nearer, and a link is shown from the
  /// view controller nearest it.
  @Test func theAppDelegatesDeclarationAppliesWhereNoScreenDeclares() async {
    article.linkPresenter = nil
    let (delegate, appEnvironment) = declareAtTheAppDelegate(inAppHostPrefix: "docs.")
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(appEnvironment.presentations.map(\.hostName) == ["figure"])
    #expect(await text.propagateURL(blocked).outcome == .discarded(reason: "denied"))
    // A screen's declaration is nearer.
    article.linkPresenter = LinkPresenter(environment: environment, policy: Self.policy(inAppHostPrefix: "none."))
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(appEnvironment.presentations.count == 1 && environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [web])
    withExtendedLifetime(delegate) {}
  }

  /// The scene's declaration (a `SafariURLHandling` scene delegate's, asked at the scene's
  /// window) applies to the screens of that scene that declare nothing nearer, before the
  /// app delegate's; a screen's declaration is nearer still.
  @Test func theScenesDeclarationAppliesBetweenTheScreensAndTheApplications() async {
    article.linkPresenter = nil
    let (delegate, appEnvironment) = declareAtTheAppDelegate(inAppHostPrefix: "none.")
    let sceneEnvironment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let scene = TestScene(window: application.windows.first)
    scene.linkPresenter = LinkPresenter(environment: sceneEnvironment, policy: Self.policy(inAppHostPrefix: "docs."))
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(sceneEnvironment.presentations.map(\.hostName) == ["figure"])
    #expect(await text.propagateURL(blocked).outcome == .discarded(reason: "denied"))
    #expect(appEnvironment.presentations.isEmpty && application.systemOpener.openedURLs.isEmpty)
    // A screen's declaration is nearer than its scene's.
    article.linkPresenter = LinkPresenter(environment: environment, policy: Self.policy(inAppHostPrefix: "none."))
    sceneEnvironment.dismissBrowser(showing: web)
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(sceneEnvironment.presentations.count == 1 && environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [web])
    // Once the window leaves the scene, the app delegate's declaration applies.
    article.linkPresenter = nil
    scene.window = nil
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(application.systemOpener.openedURLs == [web, web], "the app delegate's policy: to the system")
    #expect(sceneEnvironment.presentations.count == 1)
    withExtendedLifetime(delegate) {}
  }

  /// With no declaration the application opens the link with the system, as before, and a
  /// scheme of a document's own nowhere.
  @Test func withoutADeclarationTheSystemOpensIt() async throws {
    article.linkPresenter = nil
    #expect(await text.propagateURL(web).outcome == .handled)
    #expect(application.systemOpener.openedURLs == [web])
    let file = try #require(URL(string: "file:///etc/passwd"))
    #expect(await text.propagateURL(file).outcome == .discarded(reason: "file scheme never leaves its document"))
    #expect(application.systemOpener.openedURLs == [web])
  }

  /// A declaration with no view controller between it and the origin, nor above it, has no
  /// host to present from: what would show in-app goes to the system, for a tap and a dry
  /// run's answer alike.
  @Test func aDeclarationWithNoHostSendsInAppLinksToTheSystem() async {
    let node = ViewLinkHandler(name: "Reader.swift:3", nil)
    node.linkPresenter = article.linkPresenter
    node.anchor = application
    #expect(LinkDryRun.run(of: web, from: node).inApp == nil)
    #expect(await node.propagateURL(web).outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [web])
  }

  /// A link that opened the app is never shown by a declaration: it is passed on.
  @Test func anInboundLinkIsPassedOn() async {
    var options = URLPropagationOptions()
    options.inboundSourceName = "universal link"
    #expect(await text.propagateURL(web, options: options).outcome == .notHandled)
    #expect(environment.presentations.isEmpty && application.systemOpener.openedURLs.isEmpty)
  }

  /// A chain longer than any screen's is decided as a short one is: the walk recorded every
  /// declaration on its way, and searches nothing again. A chain that loops never reaches the
  /// application: nobody opens the link.
  @Test func aLongChainIsDecidedAndALoopOpensNothing() async throws {
    var head: any ResponderChainNode = application
    var nodes: [TestResponder] = []
    for index in 0..<1_100 {
      let node = LinkedResponder(name: "n\(index)", next: head)
      nodes.append(node)
      head = node
    }
    #expect(await head.propagateURL(web).outcome == .handled)
    #expect(application.systemOpener.openedURLs == [web])

    let first = LinkedResponder(name: "first", next: nil)
    let second = LinkedResponder(name: "second", next: first)
    first.next = second
    #expect(await first.propagateURL(web).outcome == .notHandled)
    #expect(LinkDryRun.run(of: web, from: first).destination == .discarded(reason: "nobody in the chain opens it"))
    #expect(application.systemOpener.openedURLs == [web])
  }
}

/// A node that only links to the next.
@MainActor
private final class LinkedResponder: TestResponder {
  var next: (any ResponderChainNode)?
  init(name: String, next: (any ResponderChainNode)?) {
    self.next = next
    super.init(name: name)
  }
  override var nextNode: (any ResponderChainNode)? { next }
}
