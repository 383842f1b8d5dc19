import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// The model of SwiftUI's link modifiers: each a node whose next node is the enclosing
/// modifier's, the outermost handing over to the hosting controller's responder chain.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ViewLinkHandlerTests {
  /// A hosting controller that may handle links itself, as a UIKit screen does.
  final class HostingScreen: TestViewController, URLHandler {
    var decision: URLHandlingDecision = .notHandled
    private(set) var asked: [URL] = []
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
      asked.append(url)
      return decision
    }
  }

  /// An app showing one SwiftUI screen: modifiers `inner` inside `outer`, in a hosting
  /// controller, in a window, in an application.
  @MainActor struct Screen {
    let app = TestApplication()
    let host = HostingScreen(name: "hosting")
    let anchor = TestView(name: "anchor")
    let outer: ViewLinkHandler
    let inner: ViewLinkHandler
    let log: Log

    init(
      inner: @escaping ViewLinkHandler.Decide = { _, _ in .notHandled },
      outer: @escaping ViewLinkHandler.Decide = { _, _ in .notHandled }
    ) {
      let log = Log()
      self.log = log
      self.inner = ViewLinkHandler(name: "inner") { url, context in
        log.asked.append(("inner", url))
        return await inner(url, context)
      }
      self.outer = ViewLinkHandler(name: "outer") { url, context in
        log.asked.append(("outer", url))
        return await outer(url, context)
      }
      app.makeWindow(rootViewController: host)
      host.view.addSubview(anchor)
      self.inner.enclosing = self.outer
      self.inner.anchor = anchor
      self.outer.anchor = anchor
    }
  }

  @MainActor final class Log {
    var asked: [(node: String, url: URL)] = []
    var nodes: [String] { asked.map(\.node) }
  }

  let link = URL(string: "https://example.com/a")!

  @Test func theInnermostModifierDecidesFirstThenTheEnclosingOneThenTheHostingController() async {
    let screen = Screen()
    screen.host.decision = .handled
    let result = await screen.inner.propagateURL(link)
    #expect(result.outcome == .handled)
    #expect(screen.log.nodes == ["inner", "outer"])
    #expect(screen.host.asked == [link])
    #expect(
      result.trace.map(\.nodeName) == [
        "ViewLinkHandler \"inner\"", "ViewLinkHandler \"outer\"", "TestView \"anchor\"", "TestView \"hosting.view\"",
        "HostingScreen \"hosting\"",
      ])
  }

  /// Two nested modifiers that each declare where links open: the inner one, nearest the
  /// link, says where (issue 68, 12: a walk that took the outer one's declaration).
  @Test func theInnerOfTwoNestedDeclarationsSaysWhereALinkOpens() async {
    let screen = Screen()
    let environment = RecordingLinkEnvironment(systemOpener: screen.app.systemOpener)
    func declaring(inApp: Bool) -> LinkPresenter {
      LinkPresenter(
        environment: environment,
        policy: LinkPolicy(
          permittedPorts: [], universalLinksFirst: false, preference: .inApp,
          list: LinkPolicyList { _ in
            inApp ? .inApp(nativeAppFirst: false, reason: "inner") : .systemAction(reason: "outer")
          }))
    }
    let inner = declaring(inApp: true)
    let outer = declaring(inApp: false)
    screen.inner.linkPresenter = inner
    screen.outer.linkPresenter = outer
    let result = await screen.inner.propagateURL(link, options: .untimed())
    #expect(result.outcome == .handled)
    #expect(environment.presentations.map(\.url) == [link])
    #expect(screen.app.systemOpener.openedURLs.isEmpty)
  }

  @Test func whatNobodyTakesReachesTheApplicationWhichOpensIt() async {
    let screen = Screen()
    let result = await screen.inner.propagateURL(link)
    #expect(result.outcome == .handled)
    #expect(screen.app.systemOpener.openedURLs == [link])
    #expect(result.decidingStep?.refers(to: screen.app) == true)
  }

  @Test func aRewriteContinuesTheSameWalkWithTheNewURL() async {
    let https = URL(string: "https://example.com/a?utm_source=x")!
    let clean = URL(string: "https://example.com/a")!
    let screen = Screen(inner: { _, _ in .rewrite(clean) }, outer: { _, _ in .handled })
    let result = await screen.inner.propagateURL(https)
    #expect(result.outcome == .handled)
    #expect(screen.log.asked.map(\.url) == [https, clean])
    #expect(result.originalURL == https && result.url == clean)
    #expect(result.trace.count == 2, "one walk, one trace")
  }

  @Test func aDiscardStopsTheWalkAndSwiftUIIsToldDiscarded() {
    let screen = Screen(inner: { _, _ in .discarded(reason: "blocked") })
    #expect(screen.inner.open(link) == .discarded)
    #expect(screen.log.nodes == ["inner"])
    #expect(screen.host.asked.isEmpty)
  }

  @Test func aModifierMayDeferAndSwiftUIIsToldTheChainOwnsTheLink() async {
    let gate = Gate()
    let recorder = CompletionRecorder()
    let screen = Screen(outer: { _, _ in
      await gate.wait()
      return .handled
    })
    #expect(screen.inner.open(link) == .handled)
    #expect(screen.log.nodes == ["inner", "outer"])
    screen.inner.propagateURL(link, completion: recorder.completion)  // joins the deferred walk
    gate.open()
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(screen.log.nodes == ["inner", "outer"], "the joined tap asked nobody again")
    #expect(screen.host.asked.isEmpty)
  }

  @Test func aModifierThatNeverAnswersTimesOutAndNobodyFurtherIsAsked() async {
    let clock = ManualClock()
    let screen = Screen(outer: { _, _ in
      await Gate().wait()
      return .handled
    })
    let recorder = CompletionRecorder()
    screen.inner.propagateURL(
      link, options: URLPropagationOptions(handlerTimeout: .seconds(5), clock: clock), completion: recorder.completion)
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(5))
    let result = await recorder.firstResult()
    #expect(result.outcome == .timedOut)
    #expect(result.decidingStep?.refers(to: screen.outer) == true)
    #expect(screen.host.asked.isEmpty)
  }

  @Test func aCancelledWalkAsksNobodyFurther() async {
    let gate = Gate()
    let returned = Gate()
    let screen = Screen(inner: { _, _ in
      await gate.wait()
      // Opened as the handler returns: the walk would ask the next node in the same job,
      // before this test resumes.
      defer { returned.open() }
      return .notHandled
    })
    let recorder = CompletionRecorder()
    let propagation = screen.inner.propagateURL(link, completion: recorder.completion)
    propagation.cancel()
    #expect(await recorder.firstResult().outcome == .cancelled)
    gate.open()
    await returned.opened()
    #expect(screen.log.nodes == ["inner"])
    #expect(screen.host.asked.isEmpty)
  }

  /// Without a hosting hierarchy the walk never reaches the chain's end, where the declared
  /// policy is asked: the link is discarded, never handed back to SwiftUI's own action, which
  /// would open it in the system past a policy declared on the way.
  @Test func withoutAHostingHierarchyWhatNobodyTakesIsDiscarded() {
    let clean = URL(string: "https://example.com/clean")!
    let declaring = ViewLinkHandler(name: "declares", nil)
    let presenter = LinkPresenter(environment: RecordingLinkEnvironment(), policy: LinkPolicy())
    declaring.linkPresenter = presenter
    let lone = ViewLinkHandler(name: "lone") { _, _ in .rewrite(clean) }
    lone.enclosing = declaring
    #expect(lone.open(link) == .discarded)
    #expect(ViewLinkHandler(name: "alone") { _, _ in .notHandled }.open(link) == .discarded)
  }

  @Test func aModifierAnsweringAtOnceIsAnsweredAtOnce() {
    let screen = Screen(inner: { _, _ in .handled })
    #expect(screen.inner.open(link) == .handled)
    #expect(screen.log.nodes == ["inner"])
  }

  @Test func nodesHoldNeitherTheEnclosingNodeNorThePlatformView() {
    let inner = ViewLinkHandler(name: "inner") { _, _ in .notHandled }
    weak var weakOuter: ViewLinkHandler?
    weak var weakAnchor: TestView?
    do {
      let outer = ViewLinkHandler(name: "outer") { _, _ in .notHandled }
      let anchor = TestView(name: "anchor")
      inner.enclosing = outer
      inner.anchor = anchor
      weakOuter = outer
      weakAnchor = anchor
    }
    #expect(weakOuter == nil && weakAnchor == nil)
    #expect(inner.nextNode == nil)
  }

  @Test func aFinishedWalkHoldsNoNode() async {
    weak var weakInner: ViewLinkHandler?
    weak var weakOuter: ViewLinkHandler?
    var screen: Screen? = Screen(outer: { _, _ in .handled })
    let result = await screen?.inner.propagateURL(link)
    #expect(result?.outcome == .handled)
    weakInner = screen?.inner
    weakOuter = screen?.outer
    screen = nil
    #expect(weakInner == nil && weakOuter == nil)
  }

  @Test(arguments: [
    (URLPropagationResult.Outcome.handled, OpenURLAnswer.handled),
    (.discarded(reason: "x"), .discarded),
    (.cancelled, .discarded),
    (.timedOut, .discarded),
  ])
  func swiftUIIsAnsweredInItsOwnWords(outcome: URLPropagationResult.Outcome, answer: OpenURLAnswer) {
    let result = URLPropagationResult(outcome: outcome, url: link, originalURL: link, trace: [])
    #expect(OpenURLAnswer(result) == answer)
    #expect(OpenURLAnswer(nil) == .handled, "a walk still going owns the link")
  }

  /// SwiftUI is never told `.systemAction`: a walk that did not reach the chain's end is
  /// discarded, whatever the link.
  @Test(arguments: [
    "javascript:alert(1)", "file:///Applications/Calculator.app", "data:text/html,x", "relative",
    "https://evil.example/",
  ])
  func swiftUIIsNeverToldToOpenALinkItself(link: String) throws {
    let url = try #require(URL(string: link))
    let result = URLPropagationResult(outcome: .notHandled, url: url, originalURL: url, trace: [])
    #expect(OpenURLAnswer(result) == .discarded, "\(link)")
  }
}
