import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore

@Suite struct URLPatternTests {
  @Test func placeholdersCaptureAndLiteralsBeatPlaceholders() throws {
    let eligible = try EligibleURL("https://youtu.be/abc123?t=42")
    let route = try URLPattern("https://youtu.be/:id")
    let match = try #require(route.match(eligible))
    #expect(match.parameters == ["id": "abc123"])
    #expect(match.queryValue("t") == "42")
    #expect(try URLPattern("youtu.be/abc123").isMoreSpecific(than: URLPattern("youtu.be/:id")))
    #expect(try URLPattern("youtu.be/:id").isMoreSpecific(than: URLPattern("youtu.be/*")))
    #expect(try !URLPattern("youtu.be/*").isMoreSpecific(than: URLPattern("youtu.be/:id")))
  }

  @Test func subdomainPatternsDoNotMatchTheApex() throws {
    let pattern = try URLPattern("*.youtube.com/watch")
    #expect(pattern.match(try EligibleURL("https://m.youtube.com/watch?v=1")) != nil)
    #expect(pattern.match(try EligibleURL("https://youtube.com/watch")) == nil)
    #expect(pattern.match(try EligibleURL("https://www.youtube.com/watch/extra")) == nil)
  }
}
