import Foundation
import Testing

@testable import URLAllowlistTool

/// A hostile list or URL must not be able to rewrite the terminal of whoever runs the tool.
@Suite struct TerminalTextTests {
  /// Every scalar that must never reach a terminal as itself, as a hostile input would use it.
  static let hostile = [
    "\u{1B}[2J\u{1B}[31m", "\u{0}", "\u{7}", "\u{7F}", "\u{9B}31m", "\u{202E}", "\u{2066}", "\u{200F}", "\u{200B}",
    "\u{FEFF}", "\u{2028}", "\r", "\n", "\u{E0041}",
  ]

  /// Whether `line` holds nothing a terminal would act on.
  static func isInert(_ line: String) -> Bool { !line.unicodeScalars.contains(where: TerminalText.mustEscape) }

  @Test(arguments: hostile)
  func tableOutputShowsHostileInputAsEscapes(payload: String) async {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = ["https://evil.example/\(payload)x", "https://example.com/\(payload)"]
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    #expect(harness.output.count == 2)
    for line in harness.output { #expect(Self.isInert(line), "\(line.debugDescription)") }
    #expect(harness.output.allSatisfy { $0.contains("\\u{") })
  }

  @Test(arguments: hostile)
  func jsonOutputEscapesHostileInputAndStillDecodesToIt(payload: String) async throws {
    let harness = Harness()
    harness.files["list.json"] = document
    let input = "https://evil.example/\(payload)"
    harness.input = [JSONLine.encode(input)]
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == 0)
    let line = try #require(harness.output.first)
    #expect(Self.isInert(line), "\(line.debugDescription)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    #expect(object["input"] == input)
  }

  @Test func validateShowsHostileEntriesAsEscapes() async {
    let harness = Harness()
    let entries = Self.hostile.map { "evil\($0).example" }.map(JSONLine.encode).joined(separator: ",")
    harness.files["hostile.json"] = #"{"version":1,"allow":[\#(entries)]}"#
    #expect(await harness.run("validate", "hostile.json") == 1)
    #expect(harness.output.count == 1 + Self.hostile.count, "one line per problem: none forged")
    for line in harness.output { #expect(Self.isInert(line), "\(line.debugDescription)") }
    let check = Harness()
    check.files["hostile.json"] = harness.files["hostile.json"]!
    #expect(
      await check.run("check", "--allowlist", "hostile.json", "https://example.com") == ExitStatus.invalidAllowlist)
    for line in check.errors.flatMap({ $0.split(separator: "\n", omittingEmptySubsequences: false) }) {
      #expect(Self.isInert(String(line)), "\(line.debugDescription)")
    }
  }

  @Test func aMatchingRuleWithAHostilePathIsShownEscaped() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["example.com/\u202e[2J/*"]}"#
    harness.input = ["https://example.com/%E2%80%AE%5B2J/a"]
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    #expect(harness.output.count == 1 && harness.output.allSatisfy { $0.contains("\\u{202e}") })
    for line in harness.output + harness.errors { #expect(Self.isInert(line), "\(line.debugDescription)") }
    // A control character in a rule's path refuses the list, and the reason is inert too.
    let refused = Harness()
    refused.files["list.json"] = #"{"version":1,"allow":["example.com/\u202e\u001b[2J/*"]}"#
    #expect(
      await refused.run("check", "--allowlist", "list.json", "https://example.com") == ExitStatus.invalidAllowlist)
    for line in refused.errors.flatMap({ $0.split(separator: "\n", omittingEmptySubsequences: false) }) {
      #expect(Self.isInert(String(line)), "\(line.debugDescription)")
    }
  }

  @Test func plainTextPassesUnchanged() {
    #expect(TerminalText.escaped("https://例え.jp/ü?q=1 é") == "https://例え.jp/ü?q=1 é")
    #expect(TerminalText.escaped("a\u{1B}b\u{202E}c") == "a\\u{1b}b\\u{202e}c")
  }
}
