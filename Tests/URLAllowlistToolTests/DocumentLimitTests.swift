import Foundation
import Testing

@testable import URLAllowlistTool

@Suite struct DocumentLimitTests {
  @Test func unknownTopLevelKeysAreWarningsNamingEachKey() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["example.com"],"dney":["example.com"],"x\u001b[2J":1}"#
    #expect(await harness.run("validate", "list.json") == 0)
    #expect(
      harness.output == [
        "list.json: valid, 1 rule", #"  warning: unknown key "dney" is ignored (check its spelling: "deny"?)"#,
        #"  warning: unknown key "x\u{1b}[2J" is ignored (check its spelling: "deny"?)"#,
      ])
  }

  @Test func aKeyThatIsDenyToACaseInsensitiveReaderIsAnError() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["example.com"],"Deny":["example.com"]}"#
    #expect(await harness.run("validate", "list.json") == 1)
    #expect(
      harness.output == [
        "list.json: 1 problem", #"  the name "Deny" is "deny" to a reader that ignores case; write "deny""#,
      ])
  }

  @Test func aDocumentOverTheByteLimitIsRefusedBeforeItIsParsed() async {
    // 3 MB of numbers: past the 2 MB limit the remote client applies too.
    let numbers = Array(repeating: "1", count: 1_500_000).joined(separator: ",")
    let harness = Harness()
    harness.files["big.json"] = #"{"version":1,"allow":["example.com"],"extra":[\#(numbers)]}"#
    #expect(await harness.run("validate", "big.json") == 1)
    #expect(
      harness.output == [
        "big.json: 1 problem", "  the document is 3000047 bytes, more than the limit of 2097152 bytes",
      ])
  }

  @Test func aNonStringEntryShowsItsValueEscapedAndShort() async {
    let harness = Harness()
    let long = Array(repeating: "12345", count: 20).joined(separator: ",")
    harness.files["list.json"] =
      #"{"version":1,"allow":["example.com",7,{"k":"\u001b[2J"},null,[\#(long)]],"deny":[true]}"#
    #expect(await harness.run("validate", "list.json") == 1)
    #expect(
      harness.output == [
        "list.json: 5 problems", "  allow[1]: is 7, not a string", #"  allow[2]: is {"k":"\u001b[2J"}, not a string"#,
        "  allow[3]: is null, not a string", "  allow[4]: is [12345,12345,12345,12345,12345,12345,123…, not a string",
        "  deny[0]: is true, not a string",
      ])
  }
}
