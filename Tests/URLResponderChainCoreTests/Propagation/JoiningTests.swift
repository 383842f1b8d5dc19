import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

@MainActor
@Suite struct JoiningTests {
  @Test func anIdenticalTapWhileInFlightJoinsInsteadOfAskingTwice() async {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let first = CompletionRecorder()
    let second = CompletionRecorder()
    origin.propagateURL(exampleURL, options: .untimed(), completion: first.completion)
    await handler.entered.opened()
    origin.propagateURL(exampleURL, options: .untimed(), completion: second.completion)
    handler.release.open()
    let results = (await first.firstResult(), await second.firstResult())
    #expect(handler.calls == 1)
    #expect(results.0.outcome == .handled)
    #expect(results.1.outcome == .handled)
    #expect(first.results.count == 1)
    #expect(second.results.count == 1)
  }

  @Test func asyncCallersJoinToo() async throws {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let first = Task { await origin.propagateURL(exampleURL, options: .untimed()) }
    await handler.entered.opened()
    // The second caller joins in the turn it opens the gate (it does not suspend in between),
    // so the handler is released only once it has joined.
    let joining = Gate()
    let second = Task {
      joining.open()
      return await origin.propagateURL(exampleURL, options: .untimed())
    }
    await joining.opened()
    handler.release.open()
    #expect(try await first.value(within: .deadline).outcome == .handled)
    #expect(try await second.value(within: .deadline).outcome == .handled)
    #expect(handler.calls == 1)
  }

  @Test func aDifferentURLOrOriginIsNotJoined() async throws {
    let handler = DeferringHandler(.handled)
    handler.release.open()
    let origin = Node(next: handler)
    let otherOrigin = Node(next: handler)
    let other = try #require(URL(string: "https://example.com/other"))
    let a = origin.propagateURL(exampleURL) { _ in }
    let b = origin.propagateURL(other) { _ in }
    let c = otherOrigin.propagateURL(exampleURL) { _ in }
    _ = (a, b, c)
    let d = await origin.propagateURL(exampleURL)
    #expect(d.outcome == .handled)
    #expect(handler.calls == 4)
  }

  @Test func walksInFlightFromOneOriginAreJoinedByURLWhicheverFinishesFirst() async throws {
    // The walks of one origin are kept together; finishing one (the newest, the oldest or one
    // in between) must leave every other one joinable.
    let urls = try (0..<4).map { try #require(URL(string: "https://example.com/\($0)")) }
    let gates = Dictionary(uniqueKeysWithValues: urls.map { ($0, Gate()) })
    var calls: [URL: Int] = [:]
    let handler = RecordingURLHandler(name: "gated") { url, _ in
      calls[url, default: 0] += 1
      await gates[url]!.wait()
      return .handled
    }
    let origin = Node(next: handler)
    let firsts = urls.map { _ in CompletionRecorder() }
    let options = URLPropagationOptions.untimed()  // the gated walks wait for the test, never time out
    for (url, recorder) in zip(urls, firsts) {
      origin.propagateURL(url, options: options, completion: recorder.completion)
    }
    var joined: [CompletionRecorder] = []
    var inFlight = Set(urls.indices)
    for index in [1, 3, 0, 2] {
      for other in inFlight.sorted() {
        let recorder = CompletionRecorder()
        origin.propagateURL(urls[other], options: options, completion: recorder.completion)
        joined.append(recorder)
      }
      gates[urls[index]]!.open()
      #expect(await firsts[index].firstResult().outcome == .handled)
      inFlight.remove(index)
    }
    for recorder in joined { #expect(await recorder.firstResult().outcome == .handled) }
    #expect(calls == Dictionary(uniqueKeysWithValues: urls.map { ($0, 1) }))
  }

  @Test func joiningCanBeTurnedOff() async {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    var options = URLPropagationOptions()
    options.joinsIdenticalPropagations = false
    let first = CompletionRecorder()
    let second = CompletionRecorder()
    origin.propagateURL(exampleURL, options: options, completion: first.completion)
    await handler.entered.opened()
    origin.propagateURL(exampleURL, options: options, completion: second.completion)
    handler.release.open()
    _ = (await first.firstResult(), await second.firstResult())
    #expect(handler.calls == 2)
  }

  @Test func aTapAfterTheFirstFinishedRunsAgain() async {
    let handler = ImmediateHandler(.handled)
    let origin = Node(next: handler)
    _ = await origin.propagateURL(exampleURL)
    _ = await origin.propagateURL(exampleURL)
    #expect(handler.calls == 2)
  }

  /// Two callers of one deferred walk: the first started it, the second joined it.
  private func twoJoinedCallers() async -> (
    handler: DeferringHandler, first: CompletionRecorder, second: CompletionRecorder, firstPropagation: URLPropagation
  ) {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let first = CompletionRecorder()
    let second = CompletionRecorder()
    let firstPropagation = origin.propagateURL(exampleURL, options: .untimed(), completion: first.completion)
    await handler.entered.opened()
    origin.propagateURL(exampleURL, options: .untimed(), completion: second.completion)
    return (handler, first, second, firstPropagation)
  }

  @Test func oneJoinedCallerCancellingLeavesTheOtherWaiting() async {
    let (handler, first, second, firstPropagation) = await twoJoinedCallers()
    firstPropagation.cancel()
    #expect(await first.firstResult().outcome == .cancelled)
    #expect(!handler.release.isOpen)
    handler.release.open()
    #expect(await second.firstResult().outcome == .handled)
    #expect(!handler.sawCancellation)
  }

  @Test func cancellingTwiceWhileAnotherCallerWaitsIsHarmless() async {
    let (handler, first, second, firstPropagation) = await twoJoinedCallers()
    firstPropagation.cancel()
    firstPropagation.cancel()
    handler.release.open()
    #expect(await second.firstResult().outcome == .handled)
    #expect(first.results.map(\.outcome) == [.cancelled], "one answer for the caller that cancelled")
  }

  @Test func aNewOriginAtAFreedOriginsAddressNeverJoinsItsWalk() async throws {
    // A screen is dismissed while its handler defers; the next screen allocated at the same
    // address sends the same link. It must be walked through its own chain.
    var attempts: [(handler: DeferringHandler, result: CompletionRecorder)] = []
    var misses: [Node] = []
    var reused: Node?
    // Force the reuse: free an origin mid-walk, then allocate until an object lands at its
    // address, keeping the misses alive so their addresses are not handed out again. Where
    // the allocator put the freed block out of this thread's reach, start over.
    for _ in 0..<5 where reused == nil {
      let slowHandler = DeferringHandler(.handled)
      let result = CompletionRecorder()
      var first: FreedOrigin? = FreedOrigin(next: slowHandler)
      let freedID = ObjectIdentifier(try #require(first))
      first?.propagateURL(exampleURL, options: .untimed(), completion: result.completion)
      await slowHandler.entered.opened()
      weak let freed = first
      first = nil
      try #require(freed == nil, "the walk does not keep its origin alive")
      attempts.append((slowHandler, result))
      for _ in 0..<20_000 {
        let candidate = Node()
        if ObjectIdentifier(candidate) == freedID {
          reused = candidate
          break
        }
        misses.append(candidate)
      }
    }
    let second = try #require(reused, "no object was allocated at a freed origin's address")
    let refusing = ImmediateHandler(.discarded(reason: "refused here"))
    second.next = refusing

    let secondResult = await second.propagateURL(exampleURL)
    #expect(refusing.calls == 1)
    #expect(secondResult.outcome == .discarded(reason: "refused here"))
    for attempt in attempts {
      #expect(attempt.handler.calls == 1, "the freed origin's walk was asked once, by its own tap")
      attempt.handler.release.open()
      #expect(await attempt.result.firstResult().outcome == .handled)
    }
    _ = misses
  }
}

/// An origin a test frees while its walk waits, so that a new node can take its address: the
/// walk remembers it weakly, as it does every node.
final class FreedOrigin: Linked {}
