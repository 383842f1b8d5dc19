import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore
@testable import URLResponderChainInboundLinks

/// An inbound link a screen refuses ends there, and the last handler only ever gets a link the
/// door would let in.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct InboundRefusalTests {
  private let link = URL(string: "https://example.com/documents/42")!

  /// `.systemAction` promises that no in-app presenter shows the link; for an inbound link the
  /// system is never used, so the link ends, and `whenUnhandled` is not asked to route it.
  @Test func aScreenThatSendsItToTheSystemEndsIt() async throws {
    let app = InboundApp()
    app.list.decide = { _, _ in .systemAction }
    var lastHandlerAsked = false
    let dispatcher = try app.dispatcher { configuration in
      configuration.whenUnhandled = { _, _ in
        lastHandlerAsked = true
        return .handled
      }
    }
    let result = await dispatcher.open(link, source: .universalLink)
    guard case .discarded(let reason) = result.outcome else {
      Issue.record("\(result.outcome)")
      return
    }
    #expect(reason.contains("system"))
    #expect(!lastHandlerAsked)
    #expect(app.app.systemOpener.openedURLs.isEmpty)
  }

  @Test(arguments: [
    "javascript:alert(1)", "file:///etc/passwd", "https://evil.example/", "https://user@example.com/",
    "otherapp://open", "myapp://a b",
  ])
  func aRewriteTheDoorWouldRefuseNeverReachesTheLastHandler(rewritten: String) async throws {
    let app = InboundApp()
    let target = URL(string: rewritten) ?? URL(string: "javascript:alert(1)")!
    app.list.decide = { _, _ in .rewrite(target) }
    let (dispatcher, lastHandlerGot) = try app.dispatcherRecordingTheLastHandler()
    let result = await dispatcher.open(URL(string: "myapp://open?next=x")!, source: .customScheme)
    guard case .discarded = result.outcome else {
      Issue.record("\(rewritten): \(result.outcome)")
      return
    }
    #expect(lastHandlerGot.items.isEmpty)
  }

  @Test func aRewriteTheDoorTakesReachesTheLastHandler() async throws {
    let app = InboundApp()
    app.list.decide = { _, _ in .rewrite(URL(string: "myapp://settings")!) }
    let (dispatcher, lastHandlerGot) = try app.dispatcherRecordingTheLastHandler()
    let result = await dispatcher.open(URL(string: "myapp://open?next=settings")!, source: .customScheme)
    #expect(result.outcome == .handled)
    #expect(lastHandlerGot.items == [URL(string: "myapp://settings")!])
  }
}

/// A link cancelled in the same main-actor turn as the end of the transition it waits for is
/// never delivered, whichever job runs first.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct InboundCancellationOrderTests {
  @Test func aCancelInTheTurnATransitionEndsNeverDelivers() async throws {
    for round in 0..<20 {
      let app = InboundApp()
      let sheet = Screen("sheet")
      app.tabs.present(sheet, completes: false)
      let dispatcher = try app.dispatcher()
      let link = URL(string: "https://example.com/documents/\(round)")!
      let waiting = await dispatcher.openInTask(link)
      #expect(dispatcher.queuedLinkCount == 1)
      sheet.finishTransition()
      waiting.cancel()
      let result = try await waiting.value(within: .deadline)
      #expect(result.outcome == .cancelled, "round \(round)")
      // A later link proves the cancelled one was not delivered after its result.
      let later = URL(string: "https://example.com/documents/later")!
      _ = await dispatcher.open(later, source: .universalLink)
      #expect(sheet.asked == [later], "round \(round): the cancelled link is never delivered")
    }
  }
}

/// Every link gets exactly one result, also when the dispatcher goes away with links queued.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct InboundDispatcherLifetimeTests {
  @Test func aDispatcherReleasedWithLinksQueuedEndsEachOfThem() async throws {
    let app = InboundApp(withWindow: false)
    let completions = Completions()
    var dispatcher: InboundLinkDispatcher? = try app.dispatcher()
    weak let released = dispatcher
    for index in 0..<3 {
      dispatcher?.receive(URL(string: "https://example.com/documents/\(index)")!, source: .universalLink) {
        completions.record($0)
      }
    }
    #expect(dispatcher?.queuedLinkCount == 3)
    // Its delivery task (which found no window) lets go of it too; then it ends the links.
    dispatcher = nil
    await completions.wait(for: 3)
    #expect(released == nil)
    #expect(completions.results.count == 3)
    #expect(
      completions.results.allSatisfy { $0.outcome == .discarded(reason: "the link dispatcher went away") })
  }
}
