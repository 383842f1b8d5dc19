import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore

@Suite struct AllowlistDocumentTests {
  private func load(_ text: String, limit: Int = Allowlist.defaultEntryLimit) throws(AllowlistError)
    -> Allowlist
  {
    try Allowlist(document: Data(text.utf8), entryLimit: limit)
  }

  @Test func unknownKeysAreIgnoredAndDenyIsOptional() throws {
    let list = try load(#"{"version": 1, "allow": ["example.com"], "expires": "never", "x": {"y": 1}}"#)
    #expect(list.verdict(for: "https://example.com").isAllowed)
  }

  /// `Allowlist(document:)` holds a document to 2 MB unless told otherwise: one byte more is
  /// refused before it is parsed, and a document of exactly the limit is read.
  @Test func theDefaultByteLimitIsTwoMegabytesAndOneByteMoreIsRefused() throws {
    let list = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)
    // Whitespace after the value is valid JSON (RFC 8259 §2), so only the size can refuse it.
    let atLimit = list + Data(repeating: UInt8(ascii: " "), count: Allowlist.defaultByteLimit - list.count)
    #expect(Allowlist.defaultByteLimit == 2 * 1024 * 1024)
    #expect(try Allowlist(document: atLimit).verdict(for: "https://example.com").isAllowed)
    #expect {
      try Allowlist(document: atLimit + Data(" ".utf8))
    } throws: { error in
      (error as? AllowlistError)?.problems.first?.reason
        == "the document is 2097153 bytes, more than the limit of 2097152 bytes"
    }
  }

  /// A case-insensitive validator (.NET's, or one that uppercases names) reads `"Deny"` as
  /// `"deny"`; this reader would ignore it. Refusing the document keeps the two in step.
  @Test(arguments: [
    #"{"version": 1, "allow": ["example.com"], "Deny": ["example.com"]}"#,
    #"{"version": 1, "allow": ["example.com"], "deny": [], "DENY": ["example.com"]}"#,
    #"{"version": 1, "allow": ["example.com"], "ALLOW": ["evil.example"]}"#,
    #"{"version": 1, "VERSION": 2, "allow": ["example.com"]}"#,
    #"{"version": 1, "verſion": 2, "allow": ["example.com"]}"#,
    #"{"version": 1, "allow": ["example.com"], "\u0044eny": ["example.com"]}"#,
  ])
  func aNameThatIsOwnToACaseInsensitiveReaderIsRefused(text: String) {
    #expect {
      try load(text)
    } throws: { error in
      (error as? AllowlistError)?.problems.first?.description.contains("to a reader that ignores case") == true
    }
  }

  @Test func namesThatOnlyLookAlikeAreStillIgnored() throws {
    // Another script's letters, or a space: no reader folds these into "deny".
    let list = try load(#"{"version": 1, "allow": ["example.com"], "dеny": ["example.com"], "deny ": ["example.com"]}"#)
    #expect(list.verdict(for: "https://example.com").isAllowed)
  }

  @Test(arguments: [
    #"{"version": 2, "allow": []}"#, #"{"version": "1", "allow": []}"#, #"{"version": true, "allow": []}"#,
    #"{"version": 1.5, "allow": []}"#, #"{"allow": []}"#,
  ])
  func anUnknownOrMissingVersionIsRefused(text: String) {
    #expect(throws: AllowlistError.self) { try load(text) }
  }

  @Test func oneBadEntryRefusesTheWholeDocumentAndEveryProblemIsReported() {
    #expect {
      try load(#"{"version": 1, "allow": ["ok.com", "*.co.uk", null, "fine.org"], "deny": ["", "x.com"]}"#)
    } throws: { error in
      let problems = (error as? AllowlistError)?.problems ?? []
      return problems.map { String($0.description.prefix(8)) } == ["allow[1]", "allow[2]", "deny[0] "]
    }
  }

  @Test func aListLevelProblemIsReportedOnceBesideValidEntries() {
    #expect {
      try load(#"{"version": 1, "allow": ["ok.com"], "deny": "ads.com"}"#)
    } throws: { error in
      (error as? AllowlistError)?.problems.map(\.description) == ["\"deny\" is not a list"]
    }
  }

  @Test func listLevelProblemsComeBeforeEntryProblems() {
    #expect {
      try load(#"{"version": 1, "allow": ["*.com", 3], "deny": {}}"#)
    } throws: { error in
      (error as? AllowlistError)?.problems.map { String($0.description.prefix(8)) } == [
        "\"deny\" i", "allow[0]", "allow[1]",
      ]
    }
  }

  @Test func theEntryLimitIsEnforced() {
    #expect(throws: AllowlistError.self) {
      try load(#"{"version": 1, "allow": ["a.com", "b.com", "c.com"]}"#, limit: 2)
    }
  }

  @Test func garbageIsRefusedWithAReadableReason() {
    #expect {
      try load("<html>503</html>")
    } throws: { error in
      (error as? AllowlistError)?.description
        == #"not valid JSON: unexpected "<" where a value was expected in the document"#
    }
  }
}
