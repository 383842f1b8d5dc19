import Foundation
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainInboundLinks

/// `*.example.org` is the subdomains of `example.org`: a name that merely ends in
/// `example.org` is another domain, in a pattern's own match and in inbound links.
@MainActor
@Suite struct WildcardBoundaryTests {
  @Test(arguments: [
    ("https://a.example.org/", true), ("https://a.b.example.org/x", true), ("https://example.org/", false),
    ("https://evilexample.org/", false), ("https://a.evilexample.org/", false), ("https://xexample.org/", false),
    ("https://example.org.evil.com/", false),
  ])
  func aWildcardPatternMatchesOnlyWholeLabels(link: String, matches: Bool) throws {
    let pattern = try URLPattern("*.example.org")
    let eligible = try EligibleURL(link)
    #expect((pattern.match(eligible) != nil) == matches, "\(link)")
  }

  @Test func anInboundLinkToANameThatOnlyEndsInTheAssociatedDomainIsRefused() throws {
    let dispatcher = try InboundLinkDispatcher(
      scene: nil, configuration: InboundLinkConfiguration(associatedDomains: ["applinks:*.example.org"]))
    #expect(dispatcher.refusal(of: try #require(URL(string: "https://evilexample.org/"))) != nil)
    #expect(dispatcher.refusal(of: try #require(URL(string: "https://docs.example.org/"))) == nil)
  }
}
