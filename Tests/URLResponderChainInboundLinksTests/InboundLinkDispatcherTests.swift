import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore
@testable import URLResponderChainInboundLinks

/// A screen that may handle links, recording what it was asked.
@MainActor
final class Screen: TestViewController, AsyncURLHandler {
  var decide: @MainActor (URL, URLHandlingContext) -> URLHandlingDecision
  private let askings = Arrivals<URL>()
  /// The links the screen was asked about, in order.
  var asked: [URL] { askings.items }
  private(set) var sources: [InboundLinkSource?] = []
  /// Read when the screen is asked: whether a transition was in progress in `scene`.
  weak var scene: TestScene?
  private(set) var askedDuringTransition: [Bool] = []
  /// When set, every answer waits until it opens: a handler that takes its time.
  var answersAfter: Gate?

  init(
    _ name: String,
    _ decide: @escaping @MainActor (URL, URLHandlingContext) -> URLHandlingDecision = { _, _ in .notHandled }
  ) {
    self.decide = decide
    super.init(name: name)
  }

  /// Returns once the screen was asked `count` times (or the test timed out).
  func untilAsked(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await askings.wait(for: count, sourceLocation: sourceLocation)
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    askings.append(url)
    sources.append(context.inboundSource)
    if let scene { askedDuringTransition.append(scene.isTransitioning) }
    if let answersAfter { await answersAfter.wait() }
    return decide(url, context)
  }
}

/// The app of these tests: a tab bar of two navigation stacks, in a scene.
@MainActor
struct InboundApp {
  let app = TestApplication()
  let scene = TestScene()
  let home = Screen("home")
  let list = Screen("list")
  let settings = Screen("settings")
  let homeStack: TestNavigationController
  let tabs: TestTabBarController

  init(withWindow: Bool = true) {
    homeStack = TestNavigationController(name: "homeStack", root: home)
    homeStack.push(list)
    tabs = TestTabBarController(
      name: "tabs", tabs: [homeStack, TestNavigationController(name: "settingsStack", root: settings)])
    if withWindow { showWindow() }
  }

  func showWindow() { scene.window = app.makeWindow(rootViewController: tabs) }

  func dispatcher(_ configure: (inout InboundLinkConfiguration) -> Void = { _ in }) throws -> InboundLinkDispatcher {
    var configuration = InboundLinkConfiguration(
      associatedDomains: ["example.com", "*.example.org"], customSchemes: ["myapp"])
    configure(&configuration)
    return try InboundLinkDispatcher(scene: scene, configuration: configuration)
  }
}

extension InboundLinkDispatcher {
  /// Calls `open(_:source:)` in a task of its own, and returns once the link is queued. `open`
  /// queues its link in the turn it is called (it does not suspend before), so the link is
  /// queued once the gate the task opens just before is seen open.
  func openInTask(_ url: URL, source: InboundLinkSource = .universalLink) async -> Task<InboundLinkResult, Never> {
    let calling = Gate()
    let task = Task {
      calling.open()
      return await open(url, source: source)
    }
    await calling.opened()
    return task
  }
}

extension InboundApp {
  /// A dispatcher whose last handler takes every link it is given, and records them.
  func dispatcherRecordingTheLastHandler() throws -> (InboundLinkDispatcher, lastHandlerGot: Arrivals<URL>) {
    let lastHandlerGot = Arrivals<URL>()
    let dispatcher = try dispatcher { configuration in
      configuration.whenUnhandled = { url, _ in
        lastHandlerGot.append(url)
        return .handled
      }
    }
    return (dispatcher, lastHandlerGot)
  }
}

/// Collects completions, to prove each arrives exactly once and in order.
@MainActor
final class Completions {
  private let arrivals = Arrivals<InboundLinkResult>()
  /// The results, in the order they arrived.
  var results: [InboundLinkResult] { arrivals.items }

  func record(_ result: InboundLinkResult) { arrivals.append(result) }

  /// Returns once `count` results have arrived, or fails the test when they have not within
  /// the deadline.
  func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await arrivals.wait(for: count, sourceLocation: sourceLocation)
  }
}

@Suite @MainActor struct InboundLinkDispatcherTests {
  let url = URL(string: "https://example.com/documents/42")!

  // MARK: - Where the link starts

  @Test func theVisibleScreenOfTheSelectedTabDecidesFirst() async throws {
    let app = InboundApp()
    let dispatcher = try app.dispatcher()
    let result = await dispatcher.open(url, source: .universalLink)
    #expect(result.propagation?.trace.first?.nodeID == ObjectIdentifier(app.list))
    #expect(app.list.asked == [url])
    #expect(app.home.asked.isEmpty, "a screen under the top of the stack is not on the way")
    app.tabs.selectedIndex = 1
    _ = await dispatcher.open(url, source: .universalLink)
    #expect(app.settings.asked == [url])
  }

  @Test func aSheetOverANavigationStackInsideATabBarDecidesFirstAndTheRootLast() async throws {
    let app = InboundApp()
    let sheetRoot = Screen("sheetRoot")
    let sheetDetail = Screen("sheetDetail")
    let sheet = TestNavigationController(name: "sheet", root: sheetRoot)
    sheet.push(sheetDetail)
    app.tabs.present(sheet)
    let dispatcher = try app.dispatcher()
    let result = await dispatcher.open(url, source: .universalLink)
    let visited = result.propagation?.trace.map(\.nodeID) ?? []
    #expect(visited.first == ObjectIdentifier(sheetDetail))
    // Up from the sheet's top screen, through the sheet, to the tab bar that presented it, then the window and app.
    let nodes: [AnyObject] = [sheetDetail, sheet, app.tabs, app.scene.window!, app.app]
    let order = nodes.map { node in visited.firstIndex(of: ObjectIdentifier(node)) ?? -1 }
    #expect(order == order.sorted() && !order.contains(-1), "\(order)")
    #expect(visited.last == ObjectIdentifier(app.app), "the root decides last")
    #expect(sheetDetail.asked == [url])
    #expect(app.list.asked.isEmpty, "the screen under the sheet is not asked")
  }

  @Test func theFirstScreenThatHandlesItWins() async throws {
    let app = InboundApp()
    app.home.decide = { _, _ in .handled }  // not visible: never asked
    app.list.decide = { _, _ in .notHandled }
    let dispatcher = try app.dispatcher()
    // Nobody visible handles it; the tab bar's stack does not either: the last handler decides.
    let result = await dispatcher.open(url, source: .handoff)
    #expect(result.outcome == .discarded(reason: "no screen handles this link"))
    app.list.decide = { _, context in context.inboundSource == .handoff ? .handled : .notHandled }
    #expect(await dispatcher.open(url, source: .handoff).outcome == .handled)
    #expect(app.list.sources == [.handoff, .handoff], "handlers see where the link came from")
  }

  @Test func theSystemBrowserIsNeverTheFallback() async throws {
    let app = InboundApp()
    let dispatcher = try app.dispatcher()
    let result = await dispatcher.open(url, source: .universalLink)
    #expect(result.outcome == .discarded(reason: "no screen handles this link"))
    #expect(app.app.systemOpener.openedURLs.isEmpty)
    // A tapped link still reaches the system.
    _ = await app.list.propagateURL(url)
    #expect(app.app.systemOpener.openedURLs == [url])
  }

  @Test func theLastHandlerIsConfigurable() async throws {
    let app = InboundApp()
    let dispatcher = try app.dispatcher { configuration in
      configuration.whenUnhandled = { url, source in
        source == .customScheme && url.host() == "settings" ? .handled : .discarded(reason: "unknown")
      }
    }
    let result = await dispatcher.open(URL(string: "myapp://settings/privacy")!, source: .customScheme)
    #expect(result.outcome == .handled)
    #expect(result.propagation?.outcome == .notHandled, "the last handler took it after nobody did")
  }

  /// The last handler's answer becomes the link's outcome in the propagation's words. It has
  /// only the two answers it can give (`LastHandlerDecision`): `.systemAction`, `.rewrite` and
  /// `.notHandled`, which it used to be able to answer and which were read as not handled, no
  /// longer compile there.
  @Test(arguments: [
    (LastHandlerDecision.handled, URLPropagationResult.Outcome.handled),
    (.discarded(reason: "no"), .discarded(reason: "no")),
  ])
  func theLastHandlersAnswerIsTheOutcome(answer: LastHandlerDecision, outcome: URLPropagationResult.Outcome)
    async throws
  {
    let app = InboundApp()
    let dispatcher = try app.dispatcher { $0.whenUnhandled = { _, _ in answer } }
    let result = await dispatcher.open(URL(string: "myapp://settings/privacy")!, source: .customScheme)
    #expect(result.outcome == outcome)
    #expect(app.app.systemOpener.openedURLs.isEmpty)
  }

  @Test func aHandlerThatDiscardsIsReported() async throws {
    let app = InboundApp()
    app.list.decide = { _, _ in .discarded(reason: "this document was deleted") }
    let dispatcher = try app.dispatcher()
    #expect(
      await dispatcher.open(url, source: .notification).outcome == .discarded(reason: "this document was deleted"))
  }

  // MARK: - Cold start and transitions

  @Test func linksBeforeTheWindowAreQueuedAndDeliveredInArrivalOrder() async throws {
    let app = InboundApp(withWindow: false)
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher()
    let completions = Completions()
    let urls = (1...3).map { URL(string: "https://example.com/documents/\($0)")! }
    for url in urls { dispatcher.receive(url, source: .universalLink, completion: completions.record) }
    #expect(dispatcher.queuedLinkCount == 3)
    dispatcher.deliverQueuedLinks()  // still no window: nothing happens, nothing is lost
    #expect(dispatcher.queuedLinkCount == 3)

    app.showWindow()
    dispatcher.deliverQueuedLinks()
    await completions.wait(for: 3)
    #expect(app.list.asked == urls)
    #expect(completions.results.map(\.url) == urls)
    #expect(completions.results.map(\.outcome) == [.handled, .handled, .handled])
    #expect(dispatcher.queuedLinkCount == 0)
  }

  @Test func theQueueIsBoundedAndDropsTheOldest() async throws {
    let app = InboundApp(withWindow: false)
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher { $0.queueLimit = 2 }
    let completions = Completions()
    let urls = (1...4).map { URL(string: "https://example.com/documents/\($0)")! }
    for url in urls { dispatcher.receive(url, source: .universalLink, completion: completions.record) }
    let dropped = "more than 2 links waited for a window"
    #expect(completions.results.map(\.url) == Array(urls.prefix(2)))
    #expect(completions.results.map(\.outcome) == [.discarded(reason: dropped), .discarded(reason: dropped)])
    app.showWindow()
    dispatcher.deliverQueuedLinks()
    await completions.wait(for: 4)
    #expect(app.list.asked == Array(urls.suffix(2)))
  }

  @Test func linksWaitingBehindASlowHandlerAreNeverDropped() async throws {
    let app = InboundApp()
    let release = Gate()
    app.list.answersAfter = release
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher {
      $0.queueLimit = 2
      $0.propagation = .untimed()  // the slow handler is slow, never late
    }
    let completions = Completions()
    let urls = (1...5).map { URL(string: "https://example.com/documents/\($0)")! }
    for url in urls { dispatcher.receive(url, source: .universalLink, completion: completions.record) }
    #expect(completions.results.isEmpty, "nothing is dropped while the app is showing")
    release.open()
    await completions.wait(for: urls.count)
    // Every link was handled, in order: none was dropped while the first one waited.
    #expect(completions.results.map(\.outcome) == Array(repeating: .handled, count: urls.count))
    #expect(app.list.asked == urls)
  }

  @Test func aScreenThatNeverAnswersTimesOutOnTheConfiguredClockAndTheNextLinkGoesOn() async throws {
    let app = InboundApp()
    app.list.answersAfter = Gate()  // never opened
    let clock = ManualClock()
    let dispatcher = try app.dispatcher {
      $0.propagation = URLPropagationOptions(handlerTimeout: .seconds(10), clock: clock)
    }
    let completions = Completions()
    dispatcher.receive(
      URL(string: "https://example.com/stuck")!, source: .universalLink, completion: completions.record)
    dispatcher.receive(URL(string: "https://example.com/next")!, source: .universalLink, completion: completions.record)
    await clock.sleepers(atLeast: 1)  // the walk's watchdog
    #expect(clock.requestedSleeps == [.seconds(10)])
    clock.advance(by: .seconds(10))
    await completions.wait(for: 1)
    #expect(completions.results.map(\.outcome) == [.timedOut])
    await clock.sleepers(atLeast: 1)  // the second link's watchdog: it was delivered in turn
    #expect(app.list.asked.map(\.path) == ["/stuck", "/next"])
  }

  @Test func linksArrivingDuringATransitionAreNeverDropped() async throws {
    let app = InboundApp()
    let sheet = Screen("sheet") { _, _ in .handled }
    sheet.scene = app.scene
    app.tabs.present(sheet, completes: false)
    let dispatcher = try app.dispatcher { $0.queueLimit = 1 }
    let completions = Completions()
    let urls = (1...3).map { URL(string: "https://example.com/documents/\($0)")! }
    for url in urls { dispatcher.receive(url, source: .universalLink, completion: completions.record) }
    #expect(completions.results.isEmpty)
    #expect(dispatcher.queuedLinkCount == 3)
    sheet.finishTransition()
    await completions.wait(for: urls.count)
    #expect(completions.results.map(\.outcome) == [.handled, .handled, .handled])
    #expect(sheet.asked == urls)
  }

  @Test func aLinkDuringAPresentationWaitsForItToEnd() async throws {
    let app = InboundApp()
    let sheet = Screen("sheet") { _, _ in .handled }
    sheet.scene = app.scene
    app.tabs.present(sheet, completes: false)
    let dispatcher = try app.dispatcher()
    let completions = Completions()
    dispatcher.receive(url, source: .universalLink, completion: completions.record)
    sheet.finishTransition()
    await completions.wait(for: 1)
    #expect(sheet.asked == [url], "the screen that was being presented decides once it is shown")
    // Each screen records whether it was asked while the scene changed: nobody was.
    #expect(sheet.askedDuringTransition == [false], "nobody is asked while the screen changes")
    #expect(app.list.asked.isEmpty)
    #expect(completions.results.first?.outcome == .handled)
  }

  @Test func aLinkDuringADismissalGoesToTheScreenUnderneath() async throws {
    let app = InboundApp()
    let sheet = Screen("sheet") { _, _ in .handled }
    app.list.scene = app.scene
    app.tabs.present(sheet)
    sheet.dismiss(completes: false)
    let dispatcher = try app.dispatcher()
    let completions = Completions()
    dispatcher.receive(url, source: .universalLink, completion: completions.record)
    sheet.finishTransition()
    await completions.wait(for: 1)
    #expect(sheet.asked.isEmpty, "the dismissed sheet is never asked")
    #expect(app.list.asked == [url])
    #expect(app.list.askedDuringTransition == [false], "asked only once the dismissal ended")
  }

  // MARK: - Exactly once, cancellation, retention

  @Test func aCancelledWaitReturnsCancelledOnceAndTheLinkIsNotDeliveredLater() async throws {
    let app = InboundApp(withWindow: false)
    let dispatcher = try app.dispatcher()
    let waiting = await dispatcher.openInTask(url)
    #expect(dispatcher.queuedLinkCount == 1)
    waiting.cancel()
    let result = try await waiting.value(within: .deadline)
    #expect(result.outcome == .cancelled)
    #expect(dispatcher.queuedLinkCount == 0)
    app.showWindow()
    dispatcher.deliverQueuedLinks()
    // Links are delivered in order: had the cancelled one been kept, it would come first.
    let later = URL(string: "https://example.com/documents/later")!
    _ = await dispatcher.open(later, source: .universalLink)
    #expect(app.list.asked == [later], "the cancelled link is never delivered")
  }

  @Test func everyReceivedLinkCompletesExactlyOnce() async throws {
    let app = InboundApp(withWindow: false)
    app.list.decide = { url, _ in url.path().hasSuffix("0") ? .discarded(reason: "zero") : .handled }
    let dispatcher = try app.dispatcher { $0.queueLimit = 5 }
    let completions = Completions()
    let urls = (0..<12).map { index in
      index.isMultiple(of: 4)
        ? URL(string: "https://evil.example/\(index)")! : URL(string: "https://example.com/documents/\(index)")!
    }
    for url in urls { dispatcher.receive(url, source: .universalLink, completion: completions.record) }
    app.showWindow()
    dispatcher.deliverQueuedLinks()
    await completions.wait(for: urls.count)
    // A link received after them completes after every delivery of theirs: no second
    // completion of one of them is still on its way.
    let later = URL(string: "https://example.com/documents/later")!
    dispatcher.receive(later, source: .universalLink, completion: completions.record)
    await completions.wait(for: urls.count + 1)
    #expect(completions.results.count == urls.count + 1)
    #expect(completions.results.last?.url == later)
    #expect(Set(completions.results.map(\.url)) == Set(urls + [later]))
  }

  @Test func theDispatcherRetainsNoResponderAndNotTheScene() async throws {
    weak var weakScreen: Screen?
    weak var weakScene: TestScene?
    var dispatcher: InboundLinkDispatcher?
    do {
      let app = InboundApp()
      weakScreen = app.list
      weakScene = app.scene
      dispatcher = try app.dispatcher()
      #expect(await dispatcher?.open(url, source: .universalLink).outcome != nil)
    }
    #expect(weakScreen == nil)
    #expect(weakScene == nil)
    // With its scene gone the dispatcher queues; nothing crashes.
    dispatcher?.receive(url, source: .universalLink)
    #expect(dispatcher?.queuedLinkCount == 1)
  }

  // MARK: - What may enter

  @Test(arguments: [
    "https://evil.example/documents/42",
    "https://example.com.evil.example/",  // the associated domain as a prefix
    "https://evilexample.com/",
    "https://example.org/",  // *.example.org does not include example.org
    "http://example.com/documents/42",  // universal links are https
    "https://user@example.com/",
    "https://example.com@evil.example/",
    "https://example.com:8443/",
    "https://127.0.0.1/",
    "https://xn--exmple-cua.com/",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "data:text/html,hi",
    "otherapp://documents/42",
    "myapp:documents/42",  // an app link must be written scheme://host
    "myapp://user:pw@documents/42",
    "myapp://documents%2F42/",
    "MYAPP://[::1]/x",
  ])
  func spoofedAndUnsafeLinksAreRefusedBeforeAnyHandler(_ link: String) async throws {
    let app = InboundApp()
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher()
    let url = try #require(URL(string: link))
    let result = await dispatcher.open(url, source: .universalLink)
    guard case .discarded = result.outcome, result.propagation == nil else {
      Issue.record("\(link) entered the chain: \(result.outcome)")
      return
    }
    #expect(result.propagation == nil)
    #expect(app.list.asked.isEmpty)
  }

  @Test(arguments: [
    "https://example.com/documents/42", "https://EXAMPLE.com./a", "https://docs.example.org/x",
    "https://a.b.example.org/", "myapp://document/42", "MyApp://document/42?from=mail",
  ])
  func associatedDomainsAndTheAppSchemeEnter(_ link: String) async throws {
    let app = InboundApp()
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher()
    #expect(await dispatcher.open(try #require(URL(string: link)), source: .universalLink).outcome == .handled)
  }

  @Test func theRefusalSaysWhy() async throws {
    let dispatcher = try InboundApp().dispatcher()
    #expect(
      await dispatcher.open(URL(string: "https://evil.example/x")!, source: .universalLink).outcome
        == .discarded(reason: "evil.example is not one of the app's associated domains"))
    #expect(
      await dispatcher.open(URL(string: "ftp://example.com/x")!, source: .customScheme).outcome
        == .discarded(reason: "scheme \"ftp\" is neither https nor one of the app's own"))
  }

  @Test(arguments: [
    ("https://example.com/a", InboundLinkSource.universalLink), ("HTTPS://example.com/a", .universalLink),
    ("myapp://document/1", .customScheme), ("http://example.com/a", .customScheme),
  ])
  func anOpenedURLsSourceFollowsItsScheme(link: String, source: InboundLinkSource) throws {
    // (`http` is labelled the app's scheme and then refused by the dispatcher: it is neither.)
    #expect(InboundLinkSource(openedURL: try #require(URL(string: link))) == source)
  }

  @Test func entitlementSpellingsAreAccepted() async throws {
    let app = InboundApp()
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher { $0.associatedDomains = ["applinks:example.com?mode=developer"] }
    #expect(await dispatcher.open(url, source: .universalLink).outcome == .handled)
  }

  @Test(arguments: [
    (["*.com"], [String](), 8), (["example.com/path"], [], 8), (["https://example.com"], [], 8),
    (["example.com:443"], [], 8), ([""], [], 8), (["exa mple.com"], [], 8),
    ([], ["http"], 8), ([], ["javascript"], 8), ([], ["My App"], 8), ([], ["MyApp"], 8), ([], ["1app"], 8),
    ([], [], 0),
  ])
  func badConfigurationsAreRefusedAtConstruction(domains: [String], schemes: [String], limit: Int) {
    var configuration = InboundLinkConfiguration(associatedDomains: domains, customSchemes: Set(schemes))
    configuration.queueLimit = limit
    #expect(throws: InboundLinkConfigurationError.self) {
      try InboundLinkDispatcher(scene: nil, configuration: configuration)
    }
  }
  @Test func ofSeveralBadSchemesTheFirstInNameOrderIsReported() {
    let names = ["zz app", "http", "My App", "javascript", "1app", "b_c", "ok-scheme"]
    // Sets of different capacities iterate in different orders; the error must not follow them.
    for capacity in 0..<8 {
      var schemes = Set<String>(minimumCapacity: 8 << capacity)
      schemes.formUnion(names)
      #expect {
        try InboundLinkDispatcher(scene: nil, configuration: .init(associatedDomains: [], customSchemes: schemes))
      } throws: { error in
        guard case .invalidCustomScheme(let scheme, _) = error as? InboundLinkConfigurationError else { return false }
        return scheme == "1app"
      }
    }
  }

}
