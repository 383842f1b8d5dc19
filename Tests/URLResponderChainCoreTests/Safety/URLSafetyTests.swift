import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@Suite struct URLSafetyTests {
  private func refusal(_ string: String) -> URLRefusal? {
    do {
      _ = try EligibleURL(string)
      return nil
    } catch {
      return error
    }
  }

  private func host(_ string: String) -> String? {
    try? EligibleURL(string).host
  }

  /// A raw string with a non-ASCII character is checked on its characters, not its bytes: that
  /// path must read a written port exactly as the ASCII path does, hostile forms included.
  @Test(arguments: [
    "", ":", ":443", ":8443", ":08443", ":00443", ":65535", ":65536", ":0", ":-1", ":+80", ":99999",
    ":123456", ":8a", "::80", ": 80", ":８４４３", ":٨٠",
  ])
  func theCharacterPathReadsAPortAsTheBytePathDoes(port: String) {
    func answer(_ string: String) -> Result<Int?, URLRefusal> {
      do { return .success(try EligibleURL(string, permittedPorts: [8443, 65535]).port) } catch {
        return .failure(error)
      }
    }
    let ascii = answer("https://example.com\(port)/guide")
    let unicode = answer("https://example.com\(port)/gu\u{00ED}de")
    switch (ascii, unicode) {
    case (.success(let a), .success(let b)): #expect(a == b, "\(port)")
    case (.failure, .failure): break
    default: Issue.record("\(port): bytes \(ascii), characters \(unicode)")
    }
  }

  @Test(arguments: [
    ("https://example.com", "example.com"),
    ("HTTPS://EXAMPLE.COM/Path", "example.com"),
    ("http://example.com./a", "example.com"),
    ("https://docs.example.com:443/a?b=c#d", "docs.example.com"),
    ("http://example.com:80", "example.com"),
    ("https://a-b.example.com", "a-b.example.com"),
  ])
  func ordinaryURLsAreEligibleWithANormalizedHost(input: String, expected: String) {
    #expect(host(input) == expected)
  }

  @Test func theCheckedValueIsTheValueReturned() throws {
    let url = try #require(URL(string: "https://example.com/a"))
    #expect(try EligibleURL(url).url == url)
  }

  @Test(arguments: [
    "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
    "ftp://example.com", "myapp://example.com", "blob:https://example.com/uuid", "about:blank",
    "jAvAsCrIpT:alert(1)", "intent://example.com#Intent;end",
  ])
  func otherSchemesAreRefused(input: String) {
    #expect(refusal(input).map { if case .unsupportedScheme = $0 { true } else { false } } ?? true)
    #expect(host(input) == nil)
  }

  @Test(arguments: [
    "https://example.com@evil.com", "https://user:pass@example.com", "https://example.com:@evil.com",
    "https://@example.com", "https://example.com%40evil.com", "https://evil.com#@example.com",
  ])
  func userInfoTricksAreNeverReadAsTheTrustedHost(input: String) {
    #expect(host(input) != "example.com")
  }

  @Test(arguments: [
    "https://example.com\\@evil.com", "https:\\\\evil.com", "https://evil.com\\.example.com",
    "https://exa mple.com", " https://example.com", "https://example.com\u{0}.evil.com",
    "https://example.com\t.evil.com", "https://example.com\n", "https://ex\u{7F}ample.com",
  ])
  func backslashesSpacesAndControlCharactersAreRefused(input: String) {
    #expect(host(input) == nil)
  }

  @Test(arguments: [
    "http://127.0.0.1", "http://2130706433", "http://0x7f000001", "http://0177.0.0.1", "http://0x7f.1",
    "http://127.1", "http://[::1]", "http://[::ffff:127.0.0.1]/", "http://1.2.3.4.", "http://example.0x10",
    "http://192.168.0.1:8080", "http://0", "http://example.123",
  ])
  func ipAddressesInEveryFormAreRefused(input: String) {
    #expect(host(input) == nil)
  }

  @Test(arguments: [
    "https://ex%61mple.com", "https://example%2Ecom", "https://example.com%00.evil.com",
    "https://ｅｘａｍｐｌｅ.com", "https://example。com", "https://example．com", "https://exаmple.com",
    "https://例え.jp", "https://example..com", "https://.example.com", "https://example.com..",
    "https://exa_mple.com", "https://xn--bcher-kvb.example", "https://xn--", "https://ab--cd.com", "https://",
    "https://xn--g0a.example", "https://xn--x-6q0i.example",
    "https:///example.com", "https:example.com",
    "http:/example.com", "https://example.com:99999", "https://example.com:0x50", "https://exa*mple.com",
  ])
  func malformedAndLookAlikeHostsAreRefused(input: String) {
    #expect(host(input) == nil)
  }

  /// A web URL must be written `scheme://host`. Both paths check it: the byte path for ASCII
  /// text, the character path otherwise, where a "/" carrying a combining mark is another
  /// character, not a slash.
  @Test(arguments: [
    "https:example.com", "https:/example.com", "https:ex\u{E4}mple.com", "https:/ex\u{E4}mple.com",
    "https:/\u{338}/ex\u{E4}mple.com",
  ])
  func aWebURLNotWrittenAsSchemeSlashSlashHostIsRefused(string: String) {
    #expect(refusal(string) == .missingAuthority, "\(string.unicodeScalars.map(\.value))")
  }

  @Test func anEmptyPortIsTheDefaultPort() {
    #expect(host("https://example.com:/a") == "example.com")
    #expect((try? EligibleURL("https://example.com:/a"))?.port == nil)
  }

  @Test func nonDefaultPortsNeedARuleThatNamesThem() {
    #expect(refusal("https://example.com:8443") == .nonDefaultPort(8443))
    let eligible = try? EligibleURL("https://example.com:8443", permittedPorts: [8443])
    #expect(eligible?.port == 8443)
    #expect(refusal("http://example.com:443") == .nonDefaultPort(443))
  }

  @Test func refusalsReadAsSentences() {
    #expect(URLRefusal.userInfo.description == "contains a user name or password")
    #expect(URLRefusal.forbiddenCharacter(0x5C).description == "contains a forbidden character (U+005C)")
    #expect(URLRefusal.unsupportedScheme("javascript").description == "scheme \"javascript\" is not http or https")
  }
}
