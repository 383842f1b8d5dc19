import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// A handler that answers at once, without an `async` requirement.
private final class SyncHandler: Linked, URLHandler {
  let decision: URLHandlingDecision
  private(set) var calls = 0
  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    calls += 1
    return decision
  }
}

/// `.systemAction`: the system opens the link, and no in-app presenter above is asked.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct SystemActionTests {
  @Test(arguments: [true, false])
  func afterASystemActionOnlyTheApplicationIsAsked(synchronously: Bool) async {
    let app = TestApplication()
    let presenterAbove = ImmediateHandler(.handled, next: app)
    let syncPresenterAbove = SyncHandler(.handled, next: presenterAbove)
    let gate: any ResponderChainNode =
      synchronously
      ? SyncHandler(.systemAction, next: syncPresenterAbove) : ImmediateHandler(.systemAction, next: syncPresenterAbove)
    let result = await Node(next: gate).propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(presenterAbove.calls == 0)
    #expect(syncPresenterAbove.calls == 0)
    #expect(app.systemOpener.openedURLs == [exampleURL])
    #expect(result.trace.map(\.decision) == [nil, .systemAction, nil, nil, .handled])
    #expect(result.decidingStep?.nodeID == ObjectIdentifier(app))
  }

  @Test func aChainWithoutAnApplicationEndsNotHandledAndShowsNothing() async {
    let presenterAbove = ImmediateHandler(.handled)
    let result = await ImmediateHandler(.systemAction, next: presenterAbove).propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(presenterAbove.calls == 0)
  }

  @Test func aRewriteBeforeTheSystemActionIsWhatTheSystemOpens() async throws {
    let app = TestApplication()
    let upgraded = try #require(URL(string: "https://example.com/upgraded"))
    let chain = ImmediateHandler(.rewrite(upgraded), next: ImmediateHandler(.systemAction, next: app))
    let result = await chain.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(result.url == upgraded)
    #expect(app.systemOpener.openedURLs == [upgraded])
  }

  @Test func aDeferredSystemActionStillSkipsThePresentersAbove() async {
    let app = TestApplication()
    let presenterAbove = SyncHandler(.handled, next: app)
    let gate = DeferringHandler(.systemAction, next: presenterAbove)
    let recorder = CompletionRecorder()
    let origin = Node(next: gate)
    origin.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await gate.entered.opened()
    gate.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(presenterAbove.calls == 0)
    #expect(app.systemOpener.openedURLs == [exampleURL])
    withExtendedLifetime(origin) {}
  }

  /// The chain's end asks the declaration nearest the link's origin; when the origin went
  /// away while a handler deferred, that declaration can no longer be found, and the link is
  /// discarded rather than handed to the system past a policy that may block it.
  @Test func aLinkWhoseOriginWentAwayDuringADeferralIsDiscarded() async {
    let app = TestApplication()
    let gate = DeferringHandler(.systemAction, next: app)
    let recorder = CompletionRecorder()
    Node(next: gate).propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    await gate.entered.opened()
    gate.release.open()
    #expect(await recorder.firstResult().outcome == .discarded(reason: "the link's view is gone"))
    #expect(app.systemOpener.openedURLs.isEmpty)
  }
}
