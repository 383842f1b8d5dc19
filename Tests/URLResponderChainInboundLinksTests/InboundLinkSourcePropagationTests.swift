import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainInboundLinks

/// The inbound source travels from the options, through the walk, to every handler's
/// context, and a tapped link has none: the core carries it without knowing the type.
@MainActor
@Suite struct InboundLinkSourcePropagationTests {
  /// A synchronous handler that records how each link reached it.
  final class SourceRecorder: Linked, URLHandler {
    private(set) var seen: [(source: InboundLinkSource?, isInbound: Bool)] = []
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
      seen.append((context.inboundSource, context.isInbound))
      return .notHandled
    }
  }

  let url = URL(string: "https://inbound.example/a")!

  @Test(arguments: InboundLinkSource.allCases)
  func everySourceReachesEveryHandler(source: InboundLinkSource) async {
    let far = SourceRecorder()
    let near = SourceRecorder(next: far)
    var options = URLPropagationOptions()
    options.inboundSource = source
    #expect(options.inboundSource == source)
    _ = await Node(next: near).propagateURL(url, options: options)
    #expect(near.seen.map(\.source) == [source])
    #expect(far.seen.map(\.source) == [source])
    #expect(near.seen.map(\.isInbound) == [true])
  }

  @Test func aTappedLinkHasNoSource() async {
    let handler = SourceRecorder()
    var options = URLPropagationOptions()
    #expect(options.inboundSource == nil)
    options.inboundSource = .handoff
    options.inboundSource = nil
    _ = await Node(next: handler).propagateURL(url, options: options)
    #expect(handler.seen.map(\.source) == [nil])
    #expect(handler.seen.map(\.isInbound) == [false])
  }
}
