import Foundation
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
      propagation = origin.propagateURL(exampleURL, completion: recorder.completion)
      await handler.entered.wait()
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
      origin.propagateURL(exampleURL, completion: recorder.completion)
    }
    await handler.entered.wait()
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

@MainActor
@Suite struct URLHandlingContextTests {
  @Test func aContextBuiltForAUnitTestCarriesItsOriginWeakly() throws {
    var origin: Node? = Node()
    let context = URLHandlingContext(originalURL: exampleURL, origin: try #require(origin), hop: 2)
    #expect(context.originalURL == exampleURL)
    #expect(context.hop == 2)
    #expect(context.origin === origin)
    let id = ObjectIdentifier(try #require(origin))
    #expect(context.originID == id)
    origin = nil
    #expect(context.origin == nil)
  }

  @Test func aHandlerCanBeCalledDirectlyWithIt() async throws {
    let handler = ImmediateHandler(.discarded(reason: "no"))
    let context = URLHandlingContext(originalURL: exampleURL, origin: Node())
    #expect(await handler.handleURL(exampleURL, context: context) == .discarded(reason: "no"))
  }
}

@MainActor
@Suite struct TraceStepDescriptionTests {
  @Test func eachKindOfStepDescribesItsAnswer() async throws {
    let handler = ImmediateHandler(.handled)
    let result = await Node(next: handler).propagateURL(exampleURL)
    #expect(result.trace[0].answerDescription == "–")
    #expect(result.trace[1].answerDescription.hasPrefix("handled  0."))
    #expect(result.trace[1].answerDescription.hasSuffix(" ms"))
    let timedOut = await StubbornHandler().propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(5)))
    #expect(try #require(timedOut.trace.last).answerDescription.hasPrefix("no answer  "))
  }
}
