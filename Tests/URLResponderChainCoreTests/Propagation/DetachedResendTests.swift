import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// Where a handler sends its link again from: places a walk's task-local values do not reach.
enum ResendPlace: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case detachedTask, dispatchQueue

  var testDescription: String { rawValue }

  /// Runs `body` on the main actor from this place.
  func run(_ body: @escaping @MainActor @Sendable () -> Void) {
    switch self {
    case .detachedTask: Task.detached { await body() }
    case .dispatchQueue: DispatchQueue.global().async { Task { @MainActor in body() } }
    }
  }
}

/// A handler that, every time it is asked, sends a link again from the walk's origin, from a
/// detached task or a dispatch queue, waits for that propagation and answers with what it
/// gave: its own link, or a fresh one each time.
private final class DetachedResendingHandler: Linked, AsyncURLHandler {
  weak var origin: (any ResponderChainNode)?
  let place: ResendPlace
  let freshEachTime: Bool
  let options: URLPropagationOptions
  private(set) var calls = 0
  /// Opened once a propagation it sent has attached to a walk (joined one, or started one).
  let sent = Gate()

  /// Past any bound the walk may keep, the handler stops sending, so that a walk that keeps
  /// no bound fails the test by its count instead of running away with the process.
  static let giveUp = 100

  init(place: ResendPlace, freshEachTime: Bool, options: URLPropagationOptions) {
    self.place = place
    self.freshEachTime = freshEachTime
    self.options = options
    super.init()
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    guard calls < Self.giveUp else { return .handled }
    let next = freshEachTime ? url.appending(queryItems: [URLQueryItem(name: "n", value: "\(calls)")]) : url
    let result = await withCheckedContinuation { continuation in
      place.run { [self] in
        guard let origin else { return continuation.resume(returning: URLPropagationResult.Outcome.cancelled) }
        origin.propagateURL(next, options: options) { continuation.resume(returning: $0.outcome) }
        sent.open()
      }
    }
    if case .discarded(let reason) = result { return .discarded(reason: reason) }
    return .handled
  }
}

/// A handler that sends links again from where the walk's task-local values do not follow
/// (a detached task, a dispatch queue) cannot start walks without end: before, such a handler
/// started about 9,000 nested walks in 3 s, memory growing, past the first walk's timeout.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct DetachedResendTests {
  @Test(arguments: ResendPlace.allCases, [false, true])
  func aHandlerThatResendsAFreshLinkFromOutsideItsTaskEndsAtTheBound(place: ResendPlace, joins: Bool) async throws {
    var options = URLPropagationOptions.untimed()
    options.joinsIdenticalPropagations = joins
    let handler = DetachedResendingHandler(place: place, freshEachTime: true, options: options)
    let origin = Node(next: handler)
    handler.origin = origin
    let result = try await Task { await origin.propagateURL(exampleURL, options: options) }.value(within: .deadline)
    #expect(result.outcome == .discarded(reason: "16 walks in flight from one origin"))
    #expect(handler.calls == 16, "one call per walk in flight up to the bound")
  }

  /// With joining off, its own link again is a walk of its own each time: bounded the same way.
  @Test(arguments: ResendPlace.allCases)
  func aHandlerThatResendsItsOwnLinkWithoutJoiningEndsAtTheBound(place: ResendPlace) async throws {
    var options = URLPropagationOptions.untimed()
    options.joinsIdenticalPropagations = false
    let handler = DetachedResendingHandler(place: place, freshEachTime: false, options: options)
    let origin = Node(next: handler)
    handler.origin = origin
    let result = try await Task { await origin.propagateURL(exampleURL, options: options) }.value(within: .deadline)
    #expect(result.outcome == .discarded(reason: "16 walks in flight from one origin"))
    #expect(handler.calls == 16)
  }

  /// Its own link again, from outside the walk's task, is a second identical tap: it joins
  /// the walk that waits for it, which the handler timeout then ends. One walk, no growth.
  @Test(arguments: ResendPlace.allCases)
  func aHandlerThatResendsItsOwnLinkJoinsItsWalkWhichTimesOut(place: ResendPlace) async throws {
    let clock = ManualClock()
    let options = URLPropagationOptions(handlerTimeout: .seconds(30), clock: clock)
    let handler = DetachedResendingHandler(place: place, freshEachTime: false, options: options)
    let origin = Node(next: handler)
    handler.origin = origin
    let walk = Task { await origin.propagateURL(exampleURL, options: options) }
    await handler.sent.opened()
    clock.advance(by: .seconds(30))
    let result = try await walk.value(within: .deadline)
    #expect(result.outcome == .timedOut)
    #expect(handler.calls == 1, "the link sent again joined the walk, and asked nobody")
  }

  /// The bound counts walks, not callers: with an origin's walks at the bound, an identical
  /// tap still joins its walk, and a link from another origin still starts one.
  @Test func aSecondIdenticalTapJoinsWhenTheOriginIsAtTheBound() async {
    let handler = DeferringHandler(.handled)
    let origin = Node(next: handler)
    let options = URLPropagationOptions.untimed()
    let urls = (0..<16).map { exampleURL.appending(queryItems: [URLQueryItem(name: "n", value: "\($0)")]) }
    let firsts = urls.map { url in
      let recorder = CompletionRecorder()
      origin.propagateURL(url, options: options, completion: recorder.completion)
      return recorder
    }
    let joined = CompletionRecorder()
    origin.propagateURL(urls[0], options: options, completion: joined.completion)
    let refused = CompletionRecorder()
    origin.propagateURL(exampleURL, options: options, completion: refused.completion)
    #expect(
      refused.results.map(\.outcome) == [.discarded(reason: "16 walks in flight from one origin")],
      "a 17th walk from the origin ends at once")
    let elsewhere = Node(next: ImmediateHandler(.handled))
    #expect(await elsewhere.propagateURL(exampleURL, options: options).outcome == .handled)
    handler.release.open()
    for first in firsts { #expect(await first.firstResult().outcome == .handled) }
    #expect(await joined.firstResult().outcome == .handled)
    #expect(handler.calls == 16, "the identical tap joined: the handler was not asked a 17th time")
  }
}
