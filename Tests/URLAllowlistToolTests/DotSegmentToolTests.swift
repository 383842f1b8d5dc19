import Foundation
import Testing

@testable import URLAllowlistTool

@Suite struct DotSegmentToolTests {
  @Test func checkDecidesOnThePathABrowserLoads() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["docs.example.org/guides/*"]}"#
    harness.input = [
      "https://docs.example.org/guides/../admin", "https://docs.example.org/guides/%2e%2e/admin",
      "https://docs.example.org/guides/.%2E/admin", "https://docs.example.org/guides/a/../intro",
    ].map(JSONLine.encode)
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == 0)
    #expect(harness.output.map { $0.contains(#""opens":"inApp""#) } == [false, false, false, true])
  }

  @Test func validateRefusesARuleWithADotSegment() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["docs.example.org/guides/../admin"]}"#
    #expect(await harness.run("validate", "list.json") == 1)
    #expect(harness.output.contains { $0.contains("dot segment") })
  }
}
