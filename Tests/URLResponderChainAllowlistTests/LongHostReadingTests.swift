import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// Every reading of a link takes time in proportion to its length. A host of alternating
/// combining marks (U+0301 above, U+0323 below) must be reordered to compose, by insertion:
/// its reading took 2 s at 192 KB and 7.8 s at 384 KB, on the main actor, on a tap. A host
/// longer than any a browser resolves, or with more than 30 combining marks in a row, is not
/// read: it is blocked by a list with deny rules, as IDNA may map it to a short host one of them
/// names (it drops soft hyphens). Each link below is a megabyte, which would take minutes
/// read the old way; the suite's time limit fails a reading that grows with the square.
@Suite(.timeLimit(.minutes(1))) struct LongHostReadingTests {
  static let megabyte = 1 << 20

  /// Links of a megabyte or more whose host cannot be read in linear time, escaped as a
  /// `URL` holds them.
  static let links: [(name: String, link: String)] = [
    ("alternating marks", "https://e" + String(repeating: "%CC%81%CC%A3", count: megabyte / 12) + "vil.example/"),
    ("soft hyphens", "https://e" + String(repeating: "%C2%AD", count: megabyte / 6) + "vil.example/"),
    ("a long ASCII host", "https://" + String(repeating: "a.", count: megabyte / 2) + "evil.example/"),
    ("marks after a user", "https://u@e" + String(repeating: "%CC%81%CC%A3", count: megabyte / 12) + ".example/"),
    ("a wrapped link", "x-safari-https://e" + String(repeating: "%CC%81%CC%A3", count: megabyte / 12) + ".example/"),
    (
      "an Office link",
      "ms-word:ofe|u|https://e" + String(repeating: "%CC%81%CC%A3", count: megabyte / 12) + ".example/"
    ),
    ("a source view", "view-source:https://e" + String(repeating: "%CC%81%CC%A3", count: megabyte / 12) + ".example/"),
  ]

  @Test(arguments: links)
  func aLinkWhoseHostCannotBeReadIsBlockedByAListWithDenyRules(name: String, link: String) throws {
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: ["evil.example"])
    #expect(allowlist.verdict(for: link) == .blocked(rule: "evil.example"), "\(name)")
    let url = try #require(URL(string: link))
    #expect(allowlist.verdict(for: url) == .blocked(rule: "evil.example"), "\(name) as a URL")
    guard case .discarded = LinkPolicy.inApp(["*.good.example"], blocking: ["other.example"]).destination(for: url)
    else {
      Issue.record("\(name): not discarded by a policy with a deny rule")
      return
    }
    // A list with no deny rule reads no other spelling: the link goes to the system.
    guard case .systemAction = LinkPolicy.inApp(["*.good.example"]).destination(for: url) else {
      Issue.record("\(name): not sent to the system by a policy without deny rules")
      return
    }
  }

  /// The marks written as they are, not escaped (a `String` link, which no `URL` holds).
  @Test func aHostOfUnescapedMarksIsBlockedInLinearTime() throws {
    let link = "https://e" + String(repeating: "\u{301}\u{323}", count: Self.megabyte / 8) + "vil.example/"
    let allowlist = try Allowlist(allow: ["*.good.example"], deny: ["evil.example"])
    #expect(allowlist.verdict(for: link) == .blocked(rule: "evil.example"))
  }

  /// The bounds: a host written in 4,096 bytes is read, one of 4,097 is not; 30 combining
  /// marks in a row are read, 31 are not.
  @Test func theBoundsAreAHostOf4096BytesAndARunOf30Marks() throws {
    let padded = "www." + String(repeating: "%C2%AD", count: 680) + "evil.example"
    try #require(padded.utf8.count == URLSafety.longestReadableHost)
    #expect(try URLSafety.browserHost(padded[...]) == "www.evil.example")
    #expect(throws: URLSafety.UnreadableHost.self) { try URLSafety.browserHost(("w" + padded)[...]) }
    let thirty = "e" + String(repeating: "%CC%81", count: 30) + ".example"
    #expect(try URLSafety.browserHost(thirty[...])?.hasPrefix("xn--") == true)
    let thirtyOne = "e" + String(repeating: "%CC%81", count: 31) + ".example"
    #expect(throws: URLSafety.UnreadableHost.self) { try URLSafety.browserHost(thirtyOne[...]) }
  }
}
