import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// `*.example.org` is the subdomains of `example.org`: a name that merely ends in
/// `example.org` is another domain.
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
}
