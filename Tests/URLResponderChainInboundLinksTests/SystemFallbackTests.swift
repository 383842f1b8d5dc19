import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainInboundLinks

/// The application's decision at the end of the chain, shared by UIApplication, NSApplication
/// and the test kit's TestApplication.
@MainActor
@Suite struct SystemFallbackTests {
  let origin = Node()

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
