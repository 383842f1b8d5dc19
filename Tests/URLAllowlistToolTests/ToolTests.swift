import Foundation
import Testing

@testable import URLAllowlistTool

/// Runs the tool against in-memory files and standard input, collecting what it prints.
final class Harness: @unchecked Sendable {
  // `@unchecked`: the printed lines are appended under `lock` (the remote path logs from
  // the allowlist actor); the rest is set before `run` and read after it.
  private let lock = NSLock()
  var files: [String: String] = [:]
  var input: [String] = []
  /// Called as the tool reads line `index`, with how many lines it has printed by then.
  var onRead: ((Int, Int) -> Void)?
  private var printed: [String] = []
  private var printedErrors: [String] = []
  var cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent(
    "url-allowlist-tests-\(UUID().uuidString)")

  var output: [String] { lock.withLock { printed } }
  var errors: [String] { lock.withLock { printedErrors } }

  func run(_ arguments: String...) async -> Int32 {
    await run(arguments)
  }

  func run(_ arguments: [String]) async -> Int32 {
    var lines = input[...]
    let tool = Tool(
      readFile: { [files] path in
        guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return Data(text.utf8)
      },
      readLine: { [self] in
        if let onRead, let next = lines.indices.first { onRead(next, output.count) }
        return lines.popFirst()
      },
      output: { line in self.lock.withLock { self.printed.append(line) } },
      errorOutput: { line in self.lock.withLock { self.printedErrors.append(line) } },
      defaultCacheRoot: { [cacheRoot] in cacheRoot }
    )
    return await tool.run(arguments)
  }
}

let document = #"{"version": 1, "allow": ["example.com", "*.trusted.org"], "comment": "ignored"}"#

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

  @Test func anUnreadableFileExitsTwo() async {
    let harness = Harness()
    #expect(await harness.run("validate", "missing.json") == 2)
    #expect(harness.errors.first?.contains("cannot read missing.json") == true)
  }
}

@Suite struct CheckCommandTests {
  @Test func argumentsGetOneVerdictEachInATable() async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run("check", "--allowlist", "list.json", "https://example.com/a", "https://evil.com") == 0)
    #expect(harness.output.count == 2)
    #expect(harness.output[0].hasPrefix("allow  https://example.com/a"))
    #expect(harness.output[1].hasPrefix("deny   https://evil.com"))
    #expect(harness.output[1].contains("no allow rule matches evil.com"))
  }

  @Test func standardInputIsReadOneURLPerLine() async {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = ["https://a.trusted.org", "https://trusted.org"]
    #expect(await harness.run("check", "--allowlist=list.json") == 0)
    #expect(harness.output.map { $0.prefix(5) } == ["allow", "deny "])
  }

  @Test func jsonModeReadsStringLiteralsAndWritesObjectsInOrder() async throws {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = [
      #""https://example.com""#, #""https://example.com\t.evil.com""#, "not a literal", #""https://x.trusted.org\n""#,
    ]
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == 0)
    let objects = try harness.output.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
    }
    #expect(objects.map { $0["verdict"] } == ["allow", "deny", "deny", "deny"])
    #expect(objects[1]["input"] == "https://example.com\t.evil.com")
    #expect(objects[2]["input"] == "not a literal")
    #expect(objects[3]["input"] == "https://x.trusted.org\n")
    #expect(objects.allSatisfy { $0["reason"]?.isEmpty == false })
    #expect(
      harness.output[0]
        == #"{"input":"https://example.com","verdict":"allow","reason":"matches allow rule \"example.com\""}"#)
  }

  @Test func theRemoteTimeoutIsTheOneGivenElseTenSeconds() throws {
    let given = try Command.parse(["check", "--allowlist-url", "https://x.org/a", "--timeout", "3", "https://a.com"])
    #expect(
      given
        == .check(
          source: .remote(url: "https://x.org/a", cacheDirectory: nil, timeoutSeconds: 3), json: false,
          urls: ["https://a.com"]))
    let unset = try Command.parse(["check", "--allowlist-url", "https://x.org/a", "https://a.com"])
    #expect(
      unset
        == .check(
          source: .remote(url: "https://x.org/a", cacheDirectory: nil, timeoutSeconds: 10), json: false,
          urls: ["https://a.com"]))
  }

  @Test func controlCharactersCannotBreakATableRow() async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run("check", "--allowlist", "list.json", "https://example.com\n.evil") == 0)
    #expect(harness.output.count == 1)
    #expect(harness.output[0].contains("\\u{a}"))
  }

  @Test(arguments: [
    ["check"], ["check", "--allowlist"], ["check", "--json", "https://a.com"], ["frobnicate"], [],
    ["check", "--allowlist", "list.json", "--bogus"], ["validate"], ["validate", "a", "b"],
    ["check", "--allowlist", "a", "--allowlist", "b"], ["check", "--allowlist-url", "ftp://x.org/a"],
    ["check", "--allowlist-url", "not a url"], ["check", "--allowlist", "a", "--allowlist-url", "https://x.org/a"],
    ["check", "--allowlist-url", "https://x.org/a", "--timeout", "0"],
    ["check", "--allowlist-url", "https://x.org/a", "--timeout", "soon"],
    ["check", "--allowlist", "a", "--timeout", "2"],
  ])
  func unusableArgumentsExitTwoWithAMessage(arguments: [String]) async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run(arguments) == 2)
    #expect(harness.errors.first?.hasPrefix("url-allowlist: ") == true)
  }

  @Test func anInvalidOrUnreadableAllowlistExitsTwo() async {
    let harness = Harness()
    harness.files["bad.json"] = #"{"version": 1, "allow": ["*.com"]}"#
    #expect(await harness.run("check", "--allowlist", "bad.json", "https://example.com") == 2)
    #expect(harness.errors.first?.contains("allow[0]") == true)
    #expect(await harness.run("check", "--allowlist", "nope.json", "https://example.com") == 2)
    #expect(harness.output.isEmpty)
  }
}

@Suite struct DuplicateNameTests {
  @Test func validateAndCheckRefuseADocumentWithADuplicateName() async {
    let harness = Harness()
    harness.files["dup.json"] = #"{"version":1,"allow":["example.com"],"allow":["evil.com"]}"#
    #expect(await harness.run("validate", "dup.json") == 1)
    #expect(harness.output.contains { $0.contains(#"duplicate name "allow""#) })
    let check = Harness()
    check.files["dup.json"] = harness.files["dup.json"]!
    #expect(await check.run("check", "--allowlist", "dup.json", "https://evil.com") == 2)
    #expect(check.output.isEmpty, "no verdict from a list read two ways")
    #expect(check.errors.contains { $0.contains(#"duplicate name "allow" in the top-level object"#) })
  }
}

@Suite struct DotSegmentToolTests {
  @Test func checkDecidesOnThePathABrowserLoads() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["docs.example.org/guides/*"]}"#
    harness.input = [
      "https://docs.example.org/guides/../admin", "https://docs.example.org/guides/%2e%2e/admin",
      "https://docs.example.org/guides/.%2E/admin", "https://docs.example.org/guides/a/../intro",
    ].map(JSONLine.encode)
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == 0)
    #expect(harness.output.map { $0.contains(#""verdict":"allow""#) } == [false, false, false, true])
  }

  @Test func validateRefusesARuleWithADotSegment() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["docs.example.org/guides/../admin"]}"#
    #expect(await harness.run("validate", "list.json") == 1)
    #expect(harness.output.contains { $0.contains("dot segment") })
  }
}

@Suite struct DocumentLimitTests {
  @Test func unknownTopLevelKeysAreWarningsNamingEachKey() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version":1,"allow":["example.com"],"Deny":["example.com"],"x\u001b[2J":1}"#
    #expect(await harness.run("validate", "list.json") == 0)
    #expect(
      harness.output == [
        "list.json: valid, 1 rule", #"  warning: unknown key "Deny" is ignored (check its spelling: "deny"?)"#,
        #"  warning: unknown key "x\u{1b}[2J" is ignored (check its spelling: "deny"?)"#,
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
