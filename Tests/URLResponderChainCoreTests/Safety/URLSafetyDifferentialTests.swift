import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore

/// `URLSafety` against `ReferenceURLSafety`, written from DESIGN.md's rule, on 100,000
/// generated hostile URLs (10,000 outside a stress run, ``Stress``): the same eligible URL, or a refusal on both sides, for the string,
/// for the `URL` value and with the app's own schemes.
@Suite struct URLSafetyDifferentialTests {
  /// Parts of a URL, each a list of ordinary choices and a list of choices that break one
  /// rule or come close.
  private struct Part {
    let ordinary: [String]
    let hostile: [String]
  }

  private static let parts = [
    Part(
      ordinary: ["https", "http", "HTTPS", "hTtP", "myapp"],
      hostile: [
        "MyApp", "javascript", "file", "data", "ftp", "", "ht+tp", "1http", "https ", "ht\ttp", "httpé", "ws",
      ]),
    Part(ordinary: ["://"], hostile: [":/", ":", ":///", ":\\\\", "//", "://\u{301}", ":\u{301}//", "", ": //"]),
    Part(ordinary: [""], hostile: ["user@", "user:pass@", "@", "a%40b@", "good.com@", ":@", "u@v@"]),
    Part(
      ordinary: ["example.com", "EXAMPLE.com.", "docs.example.com", "a-b.example.co.uk", "localhost"],
      hostile: [
        "xn--e1a.com", "ab--c.com", "127.0.0.1", "0x7f.1", "2130706433", "0177.0.0.1", "1.2.3.4.", "a.0x", "a.0xg",
        "a.0XFF", "[::1]", "[v1.x]", "ex%41mple.com", "a..b", "", ".", "..", "-a.com", "a_b.com",
        "exa\u{301}mple.com", "é.com", "example.com..", "ex ample.com", "ex\u{0}ample.com", "EXAMPLE.COM",
        String(repeating: "a", count: 63) + ".com", String(repeating: "a", count: 64) + ".com",
        (0..<60).map { _ in "abcd" }.joined(separator: "."), "a:b", "evil.com#@good.com", "xn--.com",
      ]),
    Part(
      ordinary: ["", ":443", ":80", ":8443"],
      hostile: [
        ":", ":65535", ":65536", ":0", ":-1", ":+80", ":99999", ":080", ":8a", "::80", ":00443", ":123456", ": 80",
      ]),
    Part(
      ordinary: ["", "/", "/a/b", "/a?b=c", "?q", "#f", "/a;b"],
      hostile: [
        "//x", "/é", "/%2e%2e/", "/a\\b", "/ a", "/a@b", "/:x", "/a#b?c", "/\u{7F}", "/a%00b", "/ü?ä#ö",
      ]),
  ]

  /// Characters a mutation may insert or substitute.
  private static let alphabet = Array(":/?#@[]%.\\ \t\n\u{0}\u{7F}aA0-_xé\u{301}+*;=".unicodeScalars)

  /// A URL put together from parts, each ordinary three times in four, then mutated (half the
  /// time) by inserting, replacing or deleting up to three scalars.
  private static func hostileURL(_ random: inout SeededGenerator) -> String {
    var text = ""
    for part in parts {
      let ordinary = Int.random(in: 0..<4, using: &random) > 0
      text += (ordinary ? part.ordinary : part.hostile).randomElement(using: &random)!
    }
    var scalars = Array(text.unicodeScalars)
    let mutations = Bool.random(using: &random) ? 0 : Int.random(in: 1...3, using: &random)
    for _ in 0..<mutations {
      let position = Int.random(in: 0...scalars.count, using: &random)
      let scalar = alphabet.randomElement(using: &random)!
      switch Int.random(in: 0..<3, using: &random) {
      case 0: scalars.insert(scalar, at: position)
      case 1 where position < scalars.count: scalars[position] = scalar
      default: if position < scalars.count { scalars.remove(at: position) }
      }
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// The same eligible URL, or a refusal on both sides (the reference does not word its
  /// refusals as the check does; the example tests state each one).
  /// The public initializer's answer as a `Result`, to compare with the reference's.
  static func checked(_ check: () throws(URLRefusal) -> EligibleURL) -> Result<EligibleURL, URLRefusal> {
    do { return .success(try check()) } catch { return .failure(error) }
  }

  static func agree(_ checked: Result<EligibleURL, URLRefusal>, _ reference: Result<EligibleURL, URLRefusal>) -> Bool {
    switch (checked, reference) {
    case (.success(let eligible), .success(let expected)): eligible == expected
    case (.failure, .failure): true
    default: false
    }
  }

  /// 4 × 25,000 URLs, so the rounds share the cores.
  @Test(arguments: 0..<4)
  func theCheckAgreesWithTheRule(round: Int) async {
    var random = SeededGenerator(seed: 1_300 + UInt64(round))
    var mismatches: [String] = []
    var eligible = 0
    var viaURL = 0
    let count = Stress.count(25_000)
    for index in 0..<count {
      // CPU-bound: let other tests running in parallel have the cooperative pool.
      if index % 250 == 0 { await Task.yield() }
      let text = Self.hostileURL(&random)
      let ports: Set<Int> = index % 3 == 0 ? [8443] : []
      let checked = Self.checked { () throws(URLRefusal) in try EligibleURL(text, permittedPorts: ports) }
      if !Self.agree(checked, ReferenceURLSafety.check(text, permittedPorts: ports)) { mismatches.append(text) }
      if case .success = checked { eligible += 1 }
      guard let url = URL(string: text) else { continue }
      viaURL += 1
      let viaValue = Self.checked { () throws(URLRefusal) in try EligibleURL(url, permittedPorts: ports) }
      if !Self.agree(viaValue, ReferenceURLSafety.check(url, permittedPorts: ports)) {
        mismatches.append("URL \(text)")
      }
      if !Self.agree(
        Self.checked { () throws(URLRefusal) in try EligibleURL(url, customSchemes: ["myapp"], permittedPorts: ports) },
        ReferenceURLSafety.check(url, customSchemes: ["myapp"], permittedPorts: ports))
      {
        mismatches.append("myapp \(text)")
      }
    }
    #expect(mismatches.count == 0, "e.g. \(mismatches.prefix(5).map(\.debugDescription))")
    // The generator reaches both sides of the rules, and Foundation parses most of it.
    #expect(eligible > count / 25, "\(eligible) eligible")
    #expect(viaURL > count * 2 / 5, "\(viaURL) parsed by Foundation")
  }
}
