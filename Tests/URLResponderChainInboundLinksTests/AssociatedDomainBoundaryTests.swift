import Foundation
import Testing

@testable import URLResponderChainInboundLinks

/// `applinks:*.example.org` is the subdomains of `example.org`: a name that merely ends in
/// `example.org` is another domain, as in an allowlist's `*.example.org`.
@MainActor
@Suite struct AssociatedDomainBoundaryTests {
  @Test func anInboundLinkToANameThatOnlyEndsInTheAssociatedDomainIsRefused() throws {
    let dispatcher = try InboundLinkDispatcher(
      scene: nil, configuration: InboundLinkConfiguration(associatedDomains: ["applinks:*.example.org"]))
    #expect(dispatcher.refusal(of: try #require(URL(string: "https://evilexample.org/"))) != nil)
    #expect(dispatcher.refusal(of: try #require(URL(string: "https://docs.example.org/"))) == nil)
  }
}
