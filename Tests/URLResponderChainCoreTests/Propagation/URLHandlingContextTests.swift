import Foundation
import TestSupport
import Testing
import URLResponderChainCore

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
    #expect(await handler.decideURL(exampleURL, context: context) == .discarded(reason: "no"))
  }
}
