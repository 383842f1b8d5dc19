import Foundation
import Testing

@testable import URLAllowlistTool

@Suite struct CheckCommandTests {
  @Test func argumentsGetOneVerdictEachInATable() async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run("check", "--allowlist", "list.json", "https://example.com/a", "https://evil.com") == 0)
    #expect(harness.output.count == 2)
    #expect(harness.output[0].hasPrefix("inApp         https://example.com/a"))
    #expect(harness.output[1].hasPrefix("systemAction  https://evil.com"))
    #expect(harness.output[1].contains("no allow rule matches evil.com"))
  }

  /// The tool answers as the app's policy does: a deny rule blocks a web link wrapped in
  /// another scheme (Safari opens `x-safari-https://…` at the web link).
  @Test func aWrappedWebLinkIsBlockedByADenyRule() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version": 1, "allow": ["*.example.com"], "deny": ["tracker.example"]}"#
    harness.input = [
      "x-safari-https://tracker.example/p", "firefox://open-url?url=https%3A%2F%2Ftracker.example",
      "mailto:someone@tracker.example", "x-safari-https://docs.example.com/",
    ]
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    #expect(
      harness.output.map { $0.prefix { $0 != " " } } == ["discarded", "discarded", "systemAction", "systemAction"])
    #expect(harness.output[0].contains("blocked by the deny rule \"tracker.example\""))
  }

  /// Issue 68, 7: the tool answers as the documented declaration `LinkPolicy(inApp: list)`
  /// does, which shows no link on a port in-app, whatever port a rule names.
  @Test func aPortARuleNamesIsNotShownInAppAsTheDeclarationDoesNot() async {
    let harness = Harness()
    harness.files["list.json"] = #"{"version": 1, "allow": ["https://app.example.org:8443"]}"#
    harness.input = ["https://app.example.org:8443/x"]
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    #expect(harness.output.map { $0.prefix { $0 != " " } } == ["systemAction"])
  }

  /// Issue 68, 2, 5, 8 and 10: the links this round found the app letting through, answered
  /// by the tool as the app's policy now answers them.
  @Test func theLinksOfTheSecurityRoundOpenNowhere() async {
    let harness = Harness()
    harness.files["list.json"] = #"""
      {"version": 1, "allow": ["example.com/public/*", "example.org/*"],
       "deny": ["example.com/secret", "example.org/a/admin", "evil.example", "*.evil.example"]}
      """#
    harness.input = [
      "https://example.com/public/..%5CSECRET", "https://example.com/public/..%2F%2573ecret",
      "https://example.org/a%3Bx%00/admin", "ms-word:ofe|u|https://evil.example/doc.docx",
      "view-source:file:///etc/passwd", "jar:file:///tmp/a.jar!/b.html", "https://a_b.ads.evil.example/",
    ]
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    #expect(harness.output.map { $0.prefix { $0 != " " } } == Array(repeating: "discarded", count: 7))
  }

  /// The tool reads a host as a browser loads it, as the app's policy does: percent-escaped
  /// and internationalized (`evil%E3%80%82example` loads `evil.example`), and a host too long
  /// to read in linear time (a megabyte of combining marks) is blocked by the deny rules.
  @Test func anEscapedIDNSpellingOfADeniedHostIsDiscarded() async {
    let harness = Harness()
    harness.files["list.json"] =
      #"{"version": 1, "allow": ["*.example.com"], "deny": ["evil.example", "bücher.example"]}"#
    harness.input = [
      "https://evil%E3%80%82example/", "https://evil%EF%BD%A1example/", "https://b%C3%BCcher.example/",
      "https://bu%CC%88cher.example/", "x-safari-https://evil%E3%80%82example/",
      "https://e" + String(repeating: "%CC%81%CC%A3", count: 1 << 17) + "vil.example/", "https://docs.example.com/",
    ]
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    #expect(
      harness.output.map { $0.prefix { $0 != " " } }
        == ["discarded", "discarded", "discarded", "discarded", "discarded", "discarded", "inApp"])
    #expect(harness.output[0].hasSuffix(#"blocked by the deny rule "evil.example""#))
    #expect(harness.output[2].hasSuffix(#"blocked by the deny rule "bücher.example""#))
  }

  @Test func standardInputIsReadOneURLPerLine() async {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = ["https://a.trusted.org", "https://trusted.org"]
    #expect(await harness.run("check", "--allowlist=list.json") == 0)
    #expect(harness.output.map { $0.prefix { $0 != " " } } == ["inApp", "systemAction"])
  }

  @Test func jsonModeReadsStringLiteralsAndWritesObjectsInOrder() async throws {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = [
      #""https://example.com""#, #""https://example.com\t.evil.com""#, "not a literal", #""https://x.trusted.org\n""#,
    ]
    // A line that is not a JSON string literal cannot be read: its row says so, and so do the
    // exit status and the last line on standard error.
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == ExitStatus.unreadableInput)
    #expect(
      harness.errors.last
        == "url-allowlist: 1 line could not be read, the first at line 3: input is not a JSON string literal")
    let objects = try harness.output.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
    }
    // A tab or a newline inside is not a URL an app can hold: nobody opens it.
    #expect(objects.map { $0["opens"] } == ["inApp", "discarded", "discarded", "discarded"])
    #expect(objects[1]["input"] == "https://example.com\t.evil.com")
    #expect(objects[2]["input"] == "not a literal")
    #expect(objects[3]["input"] == "https://x.trusted.org\n")
    #expect(objects.allSatisfy { $0["reason"]?.isEmpty == false })
    #expect(
      harness.output[0]
        == #"{"input":"https://example.com","opens":"inApp","reason":"allowed by \"example.com\""}"#)
  }

  @Test func theRemoteTimeoutIsTheOneGivenElseTenSeconds() throws {
    let given = try Command.parse(["check", "--allowlist-url", "https://x.org/a", "--timeout", "3", "https://a.com"])
    #expect(
      given
        == .check(
          source: .remote(url: URL(string: "https://x.org/a")!, cacheDirectory: nil, timeoutSeconds: 3), json: false,
          urls: ["https://a.com"]))
    let unset = try Command.parse(["check", "--allowlist-url", "https://x.org/a", "https://a.com"])
    #expect(
      unset
        == .check(
          source: .remote(url: URL(string: "https://x.org/a")!, cacheDirectory: nil, timeoutSeconds: 10), json: false,
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
  func unusableArgumentsExitWithEXUsageAndAMessage(arguments: [String]) async {
    let harness = Harness()
    harness.files["list.json"] = document
    #expect(await harness.run(arguments) == ExitStatus.usage)
    #expect(harness.errors.first?.hasPrefix("url-allowlist: ") == true)
  }

  @Test func anInvalidOrUnreadableAllowlistExitsAsValidateDoes() async {
    let harness = Harness()
    harness.files["bad.json"] = #"{"version": 1, "allow": ["*.com"]}"#
    #expect(await harness.run("check", "--allowlist", "bad.json", "https://example.com") == ExitStatus.invalidAllowlist)
    #expect(harness.errors.first?.contains("allow[0]") == true)
    #expect(
      await harness.run("check", "--allowlist", "nope.json", "https://example.com") == ExitStatus.unreadableAllowlist)
    #expect(harness.output.isEmpty)
    let validate = Harness()
    validate.files = harness.files
    #expect(await validate.run("validate", "bad.json") == ExitStatus.invalidAllowlist, "one condition, one status")
    #expect(await validate.run("validate", "nope.json") == ExitStatus.unreadableAllowlist)
  }

  @Test func plainURLLinesPipedIntoJSONModeAreAnErrorNotADeny() async {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = ["https://example.com/a", "", "https://example.com/b"]
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == ExitStatus.unreadableInput)
    #expect(
      harness.errors.last
        == "url-allowlist: 2 lines could not be read, the first at line 1: input is not a JSON string literal")
  }
}
