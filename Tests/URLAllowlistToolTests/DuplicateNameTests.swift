import Foundation
import Testing

@testable import URLAllowlistTool

@Suite struct DuplicateNameTests {
  @Test func validateAndCheckRefuseADocumentWithADuplicateName() async {
    let harness = Harness()
    harness.files["dup.json"] = #"{"version":1,"allow":["example.com"],"allow":["evil.com"]}"#
    #expect(await harness.run("validate", "dup.json") == 1)
    #expect(harness.output.contains { $0.contains(#"duplicate name "allow""#) })
    let check = Harness()
    check.files["dup.json"] = harness.files["dup.json"]!
    #expect(await check.run("check", "--allowlist", "dup.json", "https://evil.com") == ExitStatus.invalidAllowlist)
    #expect(check.output.isEmpty, "no verdict from a list read two ways")
    #expect(check.errors.contains { $0.contains(#"duplicate name "allow" in the top-level object"#) })
  }
}
