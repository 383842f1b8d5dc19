import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@MainActor
@Suite struct RetentionTests {
  @Test func noNodeIsRetainedAfterThePropagationCompletes() async {
    weak var weakOrigin: Node?
    weak var weakHandler: DeferringHandler?
    weak var weakTop: ImmediateHandler?
    let recorder = CompletionRecorder()
    var propagation: URLPropagation?
    do {
      let top = ImmediateHandler(.handled)
      let handler = DeferringHandler(.notHandled, next: top)
      let origin = Node(next: handler)
      (weakOrigin, weakHandler, weakTop) = (origin, handler, top)
      propagation = origin.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
      await handler.entered.opened()
      handler.release.open()
    }
    let result = await recorder.firstResult()
    #expect(result.outcome == .handled)
    #expect(propagation != nil)
    #expect(weakOrigin == nil)
    #expect(weakHandler == nil)
    #expect(weakTop == nil)
  }

  @Test func nodesBelowADeferringHandlerAreReleasedDuringTheDeferral() async {
    weak var weakOrigin: Node?
    weak var weakMiddle: Node?
    let handler = DeferringHandler(.handled)
    let recorder = CompletionRecorder()
    do {
      let middle = Node(next: handler)
      let origin = Node(next: middle)
      (weakOrigin, weakMiddle) = (origin, middle)
      origin.propagateURL(exampleURL, options: .untimed(), completion: recorder.completion)
    }
    await handler.entered.opened()
    #expect(weakOrigin == nil)
    #expect(weakMiddle == nil)
    #expect(handler.contexts.first?.origin == nil)
    handler.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
  }

  @Test func aTimedOutPropagationKeepsNothingButTheStuckHandlersOwnCall() async {
    weak var weakOrigin: Node?
    let stubborn = StubbornHandler()
    let recorder = CompletionRecorder()
    do {
      let origin = Node(next: stubborn)
      weakOrigin = origin
      origin.propagateURL(
        exampleURL, options: .init(handlerTimeout: .milliseconds(10)), completion: recorder.completion)
    }
    #expect(await recorder.firstResult().outcome == .timedOut)
    #expect(weakOrigin == nil)
    stubborn.answerLate()
  }

  @Test func theContextNamesTheOriginWhileItLives() async {
    let handler = DeferringHandler(.handled)
    handler.release.open()
    let origin = Node(next: handler)
    _ = await origin.propagateURL(exampleURL)
    let context = handler.contexts[0]
    #expect(context.origin === origin)
    #expect(context.originID == ObjectIdentifier(origin))
    #expect(context.hop == 1)
    #expect(context.originalURL == exampleURL)
  }
}
