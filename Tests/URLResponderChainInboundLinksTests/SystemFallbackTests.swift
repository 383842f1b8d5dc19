import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainInboundLinks

/// The application's decision at the end of the chain, shared by UIApplication, NSApplication
/// and the test kit's TestApplication.
@MainActor
@Suite struct SystemFallbackTests {
  /// The application the origin's chain leads to: the search for a declaration passes it.
  final class Application: Linked, SystemURLOpener {}

  let application = Application()
  let origin: Node

  init() { origin = Node(next: application) }

  /// A link whose view is no longer in the chain that leads to the application (taken out of
  /// its window while a handler waited) fails closed: its declarations are lost.
  @Test func aLinkWhoseChainNoLongerLeadsToTheApplicationIsDiscarded() async {
    let context = URLHandlingContext(originalURL: exampleURL, origin: origin)
    origin.next = nil
    var asked: [URL] = []
    let decision = await SystemFallback.decide(exampleURL, context: context) {
      asked.append($0)
      return true
    }
    #expect(decision == .discarded(reason: "the chain cannot be searched for its policy"))
    #expect(asked.isEmpty)
  }

  @Test(arguments: [true, false])
  func aTappedLinkIsHandledExactlyWhenTheSystemOpenedIt(opens: Bool) async {
    var asked: [URL] = []
    let context = URLHandlingContext(originalURL: exampleURL, origin: origin)
    let decision = await SystemFallback.decide(exampleURL, context: context) {
      asked.append($0)
      return opens
    }
    #expect(decision == (opens ? .handled : .notHandled))
    #expect(asked == [exampleURL])
  }

  @Test func aLinkThatOpenedTheAppIsPassedOnWithoutAskingTheSystem() async {
    var asked: [URL] = []
    let context = URLHandlingContext(originalURL: exampleURL, origin: origin, inboundSource: .universalLink)
    #expect(context.inboundSource == .universalLink)
    #expect(context.isInbound)
    #expect(!URLHandlingContext(originalURL: exampleURL, origin: origin).isInbound)
    let decision = await SystemFallback.decide(exampleURL, context: context) {
      asked.append($0)
      return true
    }
    #expect(decision == .notHandled)
    #expect(asked.isEmpty)
  }
}
