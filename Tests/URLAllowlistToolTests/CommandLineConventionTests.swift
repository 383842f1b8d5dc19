import Foundation
import Testing

@testable import URLAllowlistTool

/// `url-allowlist` behaves as the command-line tools Swift developers use (ArgumentParser's
/// conventions), though it has no dependency: help at every level, `--version`, `EX_USAGE`.
@Suite struct CommandLineConventionTests {
  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func helpForTheToolExitsZero(arguments: [String]) async {
    let harness = Harness()
    #expect(await harness.run(arguments) == ExitStatus.success)
    #expect(harness.output == [usage])
    #expect(harness.errors.isEmpty)
  }

  @Test(arguments: [
    (["check", "--help"], Command.Subcommand.check), (["check", "-h"], .check), (["help", "check"], .check),
    (["check", "--allowlist", "list.json", "--help"], .check), (["check", "--bogus", "-h"], .check),
    (["validate", "--help"], .validate), (["validate", "-h"], .validate), (["help", "validate"], .validate),
  ])
  func helpForASubcommandExitsZeroWithItsOwnUsage(arguments: [String], subcommand: Command.Subcommand) async {
    let harness = Harness()
    #expect(await harness.run(arguments) == ExitStatus.success)
    #expect(harness.output == [subcommand.usage])
    #expect(harness.output.first?.contains("USAGE: url-allowlist \(subcommand.rawValue)") == true)
  }

  @Test func afterTwoDashesHelpIsAURL() async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run("check", "--allowlist", "list.json", "--", "--help") == ExitStatus.success)
    #expect(harness.output.count == 1)
    #expect(harness.output.first?.hasPrefix("discarded     --help") == true)
  }

  @Test func versionPrintsTheVersion() async {
    let harness = Harness()
    #expect(await harness.run("--version") == ExitStatus.success)
    #expect(harness.output == [version])
    #expect(await harness.run("--version", "extra") == ExitStatus.usage)
  }

  @Test func aUsageErrorInASubcommandShowsThatSubcommandsUsage() async {
    let harness = Harness()
    #expect(await harness.run("check", "--bogus") == ExitStatus.usage)
    #expect(harness.errors.first?.hasPrefix("url-allowlist: unknown option --bogus") == true)
    #expect(harness.errors.first?.hasSuffix(checkUsage) == true)
    let unknown = Harness()
    #expect(await unknown.run("help", "frobnicate") == ExitStatus.usage)
    #expect(unknown.errors.first?.hasSuffix(usage) == true)
  }

  @Test func everyStatusIsDocumentedInEveryHelpText() {
    let statuses: [Int32] = [
      ExitStatus.success, ExitStatus.invalidAllowlist, ExitStatus.unreadableInput, ExitStatus.usage,
      ExitStatus.unreadableAllowlist, ExitStatus.allowlistUnavailable,
    ]
    #expect(Set(statuses).count == statuses.count, "one status per condition")
    for text in [usage, checkUsage, validateUsage] {
      for status in statuses { #expect(text.contains("\n  \(status) "), "status \(status)") }
    }
  }

  @Test func checkPrintsWhereEachLinkOpensInTheSDKsWords() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version": 1, "allow": ["example.com"], "deny": ["example.com/admin/*"]}"#
    let links = [
      "https://example.com/a", "https://example.com/admin/x", "mailto:a@example.com", "javascript:alert(1)",
      "https://other.example", "https://user@example.com/",
    ]
    #expect(await harness.run(["check", "--allowlist", "list.json", "--json"] + links) == 0)
    let objects = harness.output.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
    }
    #expect(
      objects.map { $0["opens"] } == [
        "inApp", "discarded", "systemAction", "discarded", "systemAction", "systemAction",
      ])
    #expect(objects[0]["reason"] == #"allowed by "example.com""#)
    #expect(objects[1]["reason"] == #"blocked by the deny rule "example.com/admin/*""#)
    #expect(harness.errors.last == "url-allowlist: 6 URLs checked: 1 inApp, 3 systemAction, 2 discarded")
  }
}
