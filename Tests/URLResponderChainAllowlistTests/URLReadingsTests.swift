import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// The readings deny rules are judged on (`URLSafety.readings(of:url:)`), against the URL
/// Standard's conformance cases: the browser's reading of every http(s) link has the host,
/// port and path the browser loads, and is left out only where no rule could name the host.
@Suite struct URLReadingsTests {
  @Test func theBrowsersReadingOfEveryWPTCaseIsTheBrowsers() throws {
    let cases = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.wptURLTestData)) as? [Any])
    var compared = 0
    var disagreements: [String] = []
    for case let entry as [String: Any] in cases {
      guard let input = entry["input"] as? String, entry["failure"] as? Bool != true,
        let href = entry["href"] as? String, let scheme = entry["protocol"] as? String,
        scheme == "http:" || scheme == "https:", var host = entry["hostname"] as? String, !host.isEmpty
      else { continue }
      // A link that reaches the chain is absolute: a case read against a base of its own
      // scheme (`http:foo` under an `http:` base) is a relative one.
      if let base = entry["base"] as? String, base.lowercased().hasPrefix(scheme) { continue }
      host = host.lowercased()
      if host.hasSuffix(".") { host.removeLast() }
      // A rule can name only a host `URLSafety` accepts; another host has no reading.
      guard case .success = URLSafety.normalizedHost(host[...]),
        !host.split(separator: ".").last!.allSatisfy(\.isNumber)
      else { continue }
      compared += 1
      guard let reading = try URLSafety.readings(of: input, url: nil).first else {
        disagreements.append("\(input.debugDescription): no reading, browser \(host)")
        continue
      }
      let port = Int(entry["port"] as? String ?? "")
      // A stray `%` is spelt `%25` in a reading, its one spelling (RFC 3986 §2.4).
      let path = ReferenceRFC3986Path.normalize(Self.escapingStrayPercentSigns(entry["pathname"] as? String ?? "/"))
      if reading.host != host || reading.port != port || reading.path != path {
        disagreements.append(
          "\(input.debugDescription) (\(href)): we \(reading.host) \(reading.port ?? 0) \(reading.path), browser \(host) \(port ?? 0) \(path)"
        )
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    #expect(compared > 100)
  }

  private static func escapingStrayPercentSigns(_ path: String) -> String {
    var result = ""
    let characters = Array(path)
    for (index, character) in characters.enumerated() {
      result.append(character)
      let isEscape =
        index + 2 < characters.count && characters[index + 1].isHexDigit && characters[index + 2].isHexDigit
      if character == "%", !isEscape { result += "25" }
    }
    return result
  }

  /// A stray `%` keeps the escapes around it readable: `%2e%2e` still climbs.
  @Test func aStrayPercentSignDoesNotHideADotSegment() throws {
    let reading = try #require(try URLSafety.readings(of: "https://example.com/foo/%2e%2e/admin/x%", url: nil).first)
    #expect(reading.path == "/admin/x%25")
  }

  @Test(
    arguments: [
      ("https://user@evil.example/a", "evil.example", nil, "/a"),
      ("https://evil.example:8443/", "evil.example", 8443, "/"),
      ("https://evil.example:443/", "evil.example", nil, "/"),
      ("https://evil.example:0000000000443/", "evil.example", nil, "/"),  // leading zeros are no digits
      ("https://evil.example:000000008443/x", "evil.example", 8443, "/x"),
      ("https://%65vil.example/", "evil.example", nil, "/"),
      ("HTTPS://EVIL.example./x", "evil.example", nil, "/x"),
      ("https://ｅvil.example/", "evil.example", nil, "/"),
      ("https://a.example\\@b.example/", "a.example", nil, "/@b.example/"),
      ("https:\\\\evil.example\\a\\..\\b", "evil.example", nil, "/b"),
      (" https://ev\til.example/\n", "evil.example", nil, "/"),
    ] as [(String, String, Int?, String)])
  func aLinkIsReadAsABrowserReadsIt(link: String, host: String, port: Int?, path: String) throws {
    let reading = try #require(try URLSafety.readings(of: link, url: nil).first)
    #expect(reading.host == host && reading.port == port && reading.path == path, "\(reading)")
  }

  @Test(arguments: [
    "mailto:a@evil.example", "javascript:alert(1)", "https://[::1]/", "https://a b.example/", "https://:80/",
  ])
  func aLinkNoBrowserLoadsFromANamedHostHasNoReading(link: String) throws {
    #expect(try URLSafety.readings(of: link, url: nil).isEmpty)
  }

  /// Foundation and the browser disagree on a backslash: both are read.
  @Test func bothReadersAreKept() throws {
    let url = try #require(URL(string: "https://a.example%5C@b.example/"))
    let hosts = try URLSafety.readings(of: "https://a.example\\@b.example/", url: url).map(\.host)
    #expect(hosts == ["a.example", "b.example"])
  }
}
