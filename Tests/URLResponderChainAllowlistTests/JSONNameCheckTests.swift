import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// A document must mean one thing to every JSON reader: duplicate names are refused, and
/// the grammar is RFC 8259's exactly.
@Suite struct JSONNameCheckTests {
  private func problem(_ text: String) -> String? { JSONNameCheck.problem(in: Data(text.utf8)) }

  @Test(arguments: [
    (
      #"{"version":1,"allow":["example.com"],"allow":["evil.com"]}"#, #"duplicate name "allow" in the top-level object"#
    ),
    (#"{"version":1,"version":2,"allow":[]}"#, #"duplicate name "version" in the top-level object"#),
    (#"{"version":2,"version":1,"allow":[]}"#, #"duplicate name "version" in the top-level object"#),
    (#"{"allow":[],"\u0061llow":["evil.com"]}"#, #"duplicate name "allow" in the top-level object"#),
    (#"{"a\/b":1,"a/b":2}"#, #"duplicate name "a/b" in the top-level object"#),
    (#"{"version":1,"meta":{"x":{"k":1,"k":2}}}"#, #"duplicate name "k" in the object at "meta"."x""#),
    (#"{"allow":[{},{"k":1,"k":1}]}"#, #"duplicate name "k" in the object at "allow"[1]"#),
    (#"{"é":1,"e\u0301":2}"#, #"duplicate name "e\u{0301}" in the top-level object"#),
    (#"{"\ud83d\ude00":1,"😀":2}"#, #"duplicate name "\u{0001F600}" in the top-level object"#),
  ])
  func aDuplicateNameAtAnyDepthIsRefusedNamingTheKeyAndWhere(document: String, reason: String) {
    #expect(problem(document) == reason)
  }

  @Test(arguments: [
    #"{"version":1,"allow":["example.com"],"deny":[]}"#, #"{"Allow":1,"allow":2}"#, #"{"a":{"k":1},"b":{"k":1}}"#,
    #"[{"k":1},{"k":1}]"#, #" {"a" : [1, -0.5e+10, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"]} "#, "[]", "1",
  ])
  func wellFormedDocumentsWithoutDuplicatesPass(document: String) {
    #expect(problem(document) == nil)
    #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed)) != nil)
  }

  @Test(arguments: [
    "", "{", #"{"a":1,}"#, "[1,]", #"{"a" 1}"#, "{'a':1}", "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[NaN]",
    "[tru]", #"["\x"]"#, #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#, "[\"a\u{1}\"]", "{} {}",
    "// c\n{}", "\u{FEFF}{}", #"{"a":1}x"#, #"["\u12"]"#, #"["\u00g1"]"#, #"["\u00G1"]"#, #"["\u 041"]"#,
  ])
  func malformedDocumentsAreRefused(document: String) {
    #expect(problem(document) != nil)
  }

  @Test func invalidUTF8InANameIsRefused() {
    var bytes = Array(#"{"a"#.utf8)
    bytes += [0xFF, 0x22, 0x3A, 0x31, 0x7D]
    #expect(JSONNameCheck.problem(in: Data(bytes)) == #"invalid UTF-8 in a string in the top-level object"#)
  }

  @Test func hostileNestingIsRefusedWithoutExhaustingTheStack() {
    let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
    #expect(problem(deep) == "nested deeper than \(JSONNameCheck.depthLimit) levels")
    let allowed =
      String(repeating: "[", count: JSONNameCheck.depthLimit) + String(repeating: "]", count: JSONNameCheck.depthLimit)
    #expect(problem(allowed) == nil)
  }

  @Test func documentsWithDuplicatesAreRefusedByTheLoader() {
    let document = Data(#"{"version":1,"allow":["example.com"],"allow":["evil.com"]}"#.utf8)
    #expect {
      try Allowlist(document: document)
    } throws: { error in
      (error as? AllowlistError)?.description == #"not valid JSON: duplicate name "allow" in the top-level object"#
    }
    for version in [#"{"version":1,"version":2,"allow":["a.com"]}"#, #"{"version":2,"version":1,"allow":["a.com"]}"#] {
      #expect(throws: AllowlistError.self) { try Allowlist(document: Data(version.utf8)) }
    }
  }

  /// Mutated documents: whatever the strict reading accepts, Foundation reads too (the
  /// strict reading may refuse more, never less).
  @Test func theStrictReadingIsNeverLooserThanFoundationsOnMutatedDocuments() {
    let seeds = [
      #"{"version":1,"allow":["example.com","*.trusted.org"],"deny":["x.org"],"meta":{"k":[1,2.5,-3e2]}}"#,
      #"{"a\"b":"c\\","\u0041":true,"e":null,"f":[{"g":"\ud83d\ude00"}]}"#,
    ]
    let alphabet = Array(#"{}[]":,\/ u0123456789abcdefABCDEF.-+eE"#.utf8) + [0x00, 0x09, 0x0A, 0x7F, 0xC3, 0xA9, 0xFF]
    var generator = SeededGenerator(seed: 3)
    var accepted = 0
    for _ in 0..<5_000 {
      var bytes = Array(seeds.randomElement(using: &generator)!.utf8)
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
        default: bytes[at] = alphabet.randomElement(using: &generator)!
        }
        if bytes.isEmpty { bytes = [0x30] }
      }
      let data = Data(bytes)
      guard JSONNameCheck.problem(in: data) == nil else { continue }
      accepted += 1
      let object = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      #expect(object != nil, "\(String(decoding: bytes, as: UTF8.self))")
    }
    #expect(accepted > 100)
  }
}
