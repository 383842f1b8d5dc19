import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainInboundLinks

/// The chain's end with no declaration: the walk passes the application, and the default
/// policy sends the link to the system through it, as it does for UIApplication,
/// NSApplication and the test kit's TestApplication.
@MainActor
@Suite struct ChainEndOpeningTests {
  /// A link whose view went away while a handler waited fails closed: what applied to it can
  /// no longer be known.
  @Test func aLinkWhoseViewWentAwayWhileAHandlerWaitedIsDiscarded() async {
    let application = OpeningApplication()
    let handler = DeferringHandler(.notHandled, next: application)
    var origin: Node? = Node(next: handler)
    let recorder = CompletionRecorder()
    origin!.propagateURL(exampleURL, completion: recorder.completion)
    await handler.entered.wait()
    origin = nil
    handler.release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .discarded(reason: "the link's view is gone"))
    #expect(application.opened.isEmpty)
  }

  @Test(arguments: [true, false])
  func aTappedLinkIsHandledExactlyWhenTheSystemOpenedIt(opens: Bool) async {
    let application = OpeningApplication()
    application.opens = opens
    let result = await Node(next: application).propagateURL(exampleURL)
    #expect(result.outcome == (opens ? .handled : .notHandled))
    #expect(result.trace.last?.refers(to: application) == true)
    #expect(application.opened == [exampleURL])
  }

  @Test func aLinkThatOpenedTheAppIsPassedOnWithoutAskingTheSystem() async {
    let application = OpeningApplication()
    let origin = Node(next: application)
    let context = URLHandlingContext(originalURL: exampleURL, origin: origin, inboundSource: .universalLink)
    #expect(context.inboundSource == .universalLink)
    #expect(context.isInbound)
    #expect(!URLHandlingContext(originalURL: exampleURL, origin: origin).isInbound)
    var options = URLPropagationOptions()
    options.inboundSource = .universalLink
    let result = await origin.propagateURL(exampleURL, options: options)
    #expect(result.outcome == .notHandled)
    #expect(application.opened.isEmpty)
  }

  @Test func aChainWithoutAnApplicationOpensNothing() async {
    let result = await Node(next: Node()).propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
  }
}
