import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// The host rules of the design, one by one, as plain examples.
@Suite struct HostLimitTests {
  private func host(_ input: String) -> String? { try? EligibleURL(input).host }

  @Test func aLabelMayHave63CharactersNot64() {
    let label63 = String(repeating: "a", count: 63)
    #expect(host("https://\(label63).example.com") == "\(label63).example.com")
    #expect(host("https://\(label63)a.example.com") == nil)
  }

  @Test func aHostMayHave253CharactersNot254() {
    // 63 + 1 + 63 + 1 + 63 + 1 + 57 + ".com" = 253.
    let labels = [String](repeating: String(repeating: "a", count: 63), count: 3) + [String(repeating: "b", count: 57)]
    let host253 = labels.joined(separator: ".") + ".com"
    #expect(host253.utf8.count == 253)
    #expect(host("https://\(host253)") == host253)
    // The same with a 58-character last label: 254, every label still valid.
    let host254 = (labels.dropLast() + [String(repeating: "b", count: 58)]).joined(separator: ".") + ".com"
    #expect(host254.utf8.count == 254)
    #expect(host("https://\(host254)") == nil)
    #expect(host("https://\(host253).") == host253, "one trailing dot is not counted")
  }

  @Test func labelsAreNonEmptyLettersDigitsAndHyphensLowercased() {
    #expect(host("https://Docs.EXAMPLE.com") == "docs.example.com")
    #expect(host("https://a-1.example.com") == "a-1.example.com")
    for refused in ["https://a..example.com", "https://.example.com", "https://a_b.example.com", "https://a!b.com"] {
      #expect(host(refused) == nil, "\(refused)")
    }
  }

  @Test func exactlyOneTrailingDotIsDropped() {
    #expect(host("https://example.com.") == "example.com")
    #expect(host("https://example.com..") == nil)
  }

  @Test func aLastLabelThatIsANumberIsAnIPAddressInAnyForm() {
    for address in ["https://127.0.0.1", "https://2130706433", "https://0x7f.1", "https://a.0x1F", "https://a.123"] {
      #expect(host(address) == nil, "\(address)")
    }
    #expect(host("https://a.0xg") == "a.0xg", "not a number: a name")
    #expect(host("https://123.example.com") == "123.example.com", "only the last label counts")
  }

  @Test func theDefaultPortOnlyUnlessPermitted() throws {
    #expect(host("https://example.com:443") == "example.com")
    #expect(host("http://example.com:80") == "example.com")
    #expect(host("https://example.com:8443") == nil)
    #expect(try EligibleURL("https://example.com:8443", permittedPorts: [8443]).port == 8443)
  }

  @Test func aHostReachesTheRuleInASCIIOrIsRefused() {
    // The Kelvin sign lowercases to an ASCII "k" in Swift; the rule never lowercases beyond
    // ASCII, so a host spelled with it is refused, not read as another host.
    #expect((try? URLSafety.normalizedHost("exa\u{212A}mple.com").get()) == nil)
    #expect((try? URLSafety.normalizedHost("EXAMPLE.com").get()) == "example.com")
    #expect((try? URLSafety.normalizedHost("xn--bcher-kva.example").get()) == "xn--bcher-kva.example")
  }
}
