import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling

/// A chain may make its nodes as the walk asks for them: an adapter over a model tree
/// answers `nextNode` with a new wrapper each time, and the walk holds the only reference.
/// Once the walk moves on, a wrapper it visited is freed, and the allocator hands its address
/// to the next wrapper, of the very same class. The walks must not take that wrapper for the
/// freed one and stop as if the chain looped.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct NodesMadeOnTheWayTests {
  /// A node that makes its successor when asked: `remaining` more wrappers of its own class,
  /// then `end`. Each one that is made records a weak reference in `made`.
  class Wrapper: ResponderChainNode {
    let remaining: Int
    let end: any ResponderChainNode
    let made: Made

    required init(remaining: Int, end: any ResponderChainNode, made: Made) {
      self.remaining = remaining
      self.end = end
      self.made = made
      made.add(self)
    }

    var nextNode: (any ResponderChainNode)? {
      remaining == 0 ? end : Self(remaining: remaining - 1, end: end, made: made)
    }
  }

  /// The same, answering every link and every error at once with "not mine".
  final class HandlerWrapper: Wrapper, URLHandler, ErrorHandler {
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
      made.asked += 1
      return .notHandled
    }

    func handleError(_ error: any Error) async -> ErrorHandlingDecision {
      made.asked += 1
      return .notHandled
    }
  }

  /// Every wrapper made, weakly, and how many times wrappers were asked.
  final class Made {
    private var references: [() -> AnyObject?] = []
    var asked = 0
    func add(_ node: AnyObject) { references.append { [weak node] in node } }
    var count: Int { references.count }
    var alive: Int { references.count { $0() != nil } }
  }

  /// Handles every error it receives.
  final class ErrorSink: ErrorHandler {
    private(set) var received = 0
    var nextNode: (any ResponderChainNode)? { nil }
    func handleError(_ error: any Error) async -> ErrorHandlingDecision {
      received += 1
      return .handled
    }
  }

  private static func start(
    _ wrappers: Int, handlers: Bool, end: any ResponderChainNode, made: Made
  ) -> any ResponderChainNode {
    handlers
      ? HandlerWrapper(remaining: wrappers - 1, end: end, made: made)
      : Wrapper(remaining: wrappers - 1, end: end, made: made)
  }

  /// 10 wrappers stay under the walk's filter threshold; 300 go past it to its exact table.
  @Test(arguments: [10, 300], [false, true])
  func aChainOfNodesMadeOnTheWayIsWalkedToItsEnd(wrappers: Int, handlers: Bool) async {
    let made = Made()
    let end = ImmediateHandler(.handled)
    let result = await Self.start(wrappers, handlers: handlers, end: end, made: made)
      .propagateURL(URL(string: "https://example.com/a")!)
    #expect(result.outcome == .handled)
    #expect(end.calls == 1)
    #expect(result.trace.count == wrappers + 1)
    #expect(made.count == wrappers)
    #expect(made.asked == (handlers ? wrappers : 0))
    #expect(made.alive == 0)
  }

  @Test(arguments: [10, 300])
  func anErrorReachesTheEndOfAChainOfNodesMadeOnTheWay(wrappers: Int) async {
    let made = Made()
    let end = ErrorSink()
    let handled = await Self.start(wrappers, handlers: true, end: end, made: made)
      .reportError(CocoaError(.fileNoSuchFile))
    #expect(handled)
    #expect(end.received == 1)
    #expect(made.asked == wrappers)
    #expect(made.alive == 0)
  }

  /// The walk keeps the wrappers it made while it goes on without waiting, and lets go of
  /// them when it waits for a handler: none it made is alive while the handler takes its time.
  @Test func wrappersBelowADeferringHandlerAreFreedWhileItTakesItsTime() async throws {
    let made = Made()
    let slow = DeferringHandler(.handled)
    let start = Self.start(20, handlers: true, end: slow, made: made)
    let walk = Task { await start.propagateURL(URL(string: "https://example.com/a")!) }
    // A walk that ends without reaching the handler fails the test instead of hanging it.
    Task {
      _ = await walk.value
      slow.entered.open()
    }
    await slow.entered.opened()
    #expect(made.count == 20)
    // The first wrapper is the origin, which the caller holds; the 19 the walk made are gone.
    #expect(made.alive == 1)
    slow.release.open()
    #expect(try await walk.value(within: .deadline).outcome == .handled)
  }
}
