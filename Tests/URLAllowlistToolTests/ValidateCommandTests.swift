import Foundation
import Testing

@testable import URLAllowlistTool

@Suite struct ValidateCommandTests {
  @Test func aValidDocumentExitsZero() async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run("validate", "list.json") == 0)
    #expect(
      harness.output == [
        "list.json: valid, 2 rules", #"  warning: unknown key "comment" is ignored (check its spelling: "deny"?)"#,
      ])
  }

  @Test func everyProblemIsListedWithItsIndexAndTheExitIsOne() async {
    let harness = Harness()
    harness.files["bad.json"] = #"{"version": 1, "allow": ["example.com", "*.com", 7], "deny": ["ftp://x.org"]}"#
    #expect(await harness.run("validate", "bad.json") == 1)
    #expect(harness.output.first == "bad.json: 3 problems")
    #expect(harness.output.contains { $0.contains("allow[1] \"*.com\"") && $0.contains("public suffix") })
    #expect(harness.output.contains { $0.contains("allow[2]") && $0.contains("not a string") })
    #expect(harness.output.contains { $0.contains("deny[0]") })
  }

  @Test(arguments: [
    #"{"version": 2, "allow": []}"#, #"{"allow": ["a.com"]}"#, "not json", "[1,2]", #"{"version": 1}"#,
    #"{"version": 1, "allow": "example.com"}"#, #"{"version": true, "allow": []}"#, "",
  ])
  func brokenDocumentsAreInvalid(text: String) async {
    let harness = Harness()
    harness.files["x.json"] = text
    #expect(await harness.run("validate", "x.json") == 1)
  }

  @Test func anUnreadableFileExitsWithEXNoInput() async {
    let harness = Harness()
    #expect(await harness.run("validate", "missing.json") == ExitStatus.unreadableAllowlist)
    #expect(harness.errors.first?.contains("cannot read missing.json") == true)
  }
}
