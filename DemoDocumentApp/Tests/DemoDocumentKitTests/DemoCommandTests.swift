import Foundation
import Testing
import URLResponderChain
import URLResponderChainRecovery

@testable import DemoDocumentCLI

/// The headless demo end to end: its own loopback allowlist server, the real chain.
@MainActor
@Suite struct DemoCommandTests {
  final class Lines: @unchecked Sendable {
    // `@unchecked`: touched only from the main actor by the demo and the test.
    var all: [String] = []
  }

  private func run(_ arguments: [String], input: [String] = []) async -> (Int32, [String], [String]) {
    let output = Lines()
    let errors = Lines()
    var lines = input[...]
    // Handlers get a day: these tests are not about the timeout, and under a loaded test run
    // the main actor, which every handler's answer needs, can be busy for more than 30 s.
    let status = await DemoCommand.run(
      arguments, output: { output.all.append($0) }, errorOutput: { errors.all.append($0) }, colour: false,
      readLine: { lines.popFirst() }, propagation: URLPropagationOptions(handlerTimeout: .seconds(86_400)))
    return (status, output.all, errors.all)
  }

  @Test func withNoArgumentsEverySampleLinkGoesWhereItsDocumentSays() async {
    let (status, output, _) = await run([])
    #expect(status == 0)
    let links = output.filter { $0.hasPrefix("link ") }
    #expect(links.count == 14)
    #expect(links.allSatisfy { $0.hasSuffix("✓ as expected") })
    #expect(links[0].hasPrefix("link 1: https://docs.example.com/guide -> in-app Safari view"))
    #expect(links[2].hasPrefix("link 3: https://youtu.be/dQw4w9WgXcQ -> external app"))
    #expect(links[3].hasPrefix("link 4: https://en.wikipedia.org/wiki/Hypertext -> system browser"))
    #expect(links[6].contains("-> blocked: blocked by the deny rule"))
    #expect(links[8].contains("-> blocked: blocked by the deny rule \"evil.example.net\""))
    #expect(output.contains("All 14 links went where their document expects."))
  }

  @Test func theSwiftUIRenderingSendsEveryLinkWhereTheUIKitOneDoes() async {
    let (uikitStatus, uikit, _) = await run([])
    let (status, output, _) = await run(["--swiftui"])
    #expect(uikitStatus == 0 && status == 0)
    let outcomes = { (lines: [String]) in lines.filter { $0.hasPrefix("link ") } }
    #expect(outcomes(output) == outcomes(uikit))
  }

  @Test func inSwiftUIALinkTravelsTheModifiersInnermostFirstThenTheUIKitChain() async {
    let (status, output, _) = await run(["--swiftui", "--tap", "2"])
    #expect(status == 0)
    let first = output.first { $0.hasPrefix("   0 ") }
    #expect(first?.contains(".urlHandler \"Reading the guide\"") == true)
    #expect(first?.contains("rewrite → https://example.com/legacy") == true)
    #expect(output.contains { $0.contains("HostingController \"") })
    #expect(output.contains { $0.contains("TopicController") && $0.contains("not handled") }, "\(output)")
    #expect(output.contains { $0.contains(" Application ") && $0.contains(" handled ") }, "the chain's end decided")
  }

  @Test func webContentLinksGoThroughTheWebViewsNavigationPolicy() async {
    let (status, output, _) = await run([])
    #expect(status == 0)
    #expect(output.contains("link 11: #notes -> stays in the page: a fragment of the page it is on  ✓ as expected"))
    #expect(output.contains("link 12: /reference -> in-app Safari view  ✓ as expected"))
    #expect(output.contains("  web view: a tapped link, sent up the chain: https://docs.example.com/reference"))
    #expect(
      output.contains {
        $0.hasPrefix(
          #"link 14: " Java\tScript:alert(document.cookie)" -> blocked: javascript: links never leave the web view"#)
      })
    // The link that went up the chain started at the web view and reached the application,
    // which asked the topic screen's declared policy.
    let route = output.drop { !$0.hasPrefix("link 12:") }.dropFirst(2).prefix { !$0.hasPrefix("link ") }
    #expect(route.first?.contains("WebView \"https://docs.example.com/articles/web\"") == true)
    #expect(route.contains { $0.contains("TopicController") && $0.contains("not handled") }, "\(output)")
    #expect(route.contains { $0.contains(" Application ") && $0.contains(" handled ") }, "\(output)")
  }

  @Test func inSwiftUIAWebViewsLinkStartsAtTheModifierAroundIt() async {
    let (status, output, _) = await run(["--swiftui", "--tap", "12"])
    #expect(status == 0)
    #expect(output.contains("  web view: a tapped link, sent up the chain: https://docs.example.com/reference"))
    let route = output.drop { !$0.hasPrefix("link 12:") }.dropFirst(2).prefix { !$0.hasPrefix("link ") }
    #expect(route.first?.contains(".urlHandler \"An article from the web\"") == true)
    #expect(!route.contains { $0.contains("WebView") })
    #expect(route.contains { $0.contains("HostingController \"") })
    #expect(route.contains { $0.contains("TopicController") && $0.contains("not handled") }, "\(output)")
    #expect(route.contains { $0.contains(" Application ") && $0.contains(" handled ") }, "\(output)")
  }

  @Test func aScriptLinkInWebContentNeverReachesTheChain() async {
    let (status, output, _) = await run(["--tap", "14"])
    #expect(status == 0)
    #expect(!output.contains { $0.contains("TopicController") })
    #expect(!output.contains { $0.hasPrefix("   0 ") })  // no route: nothing was propagated
  }

  @Test func theRoutePrintsEveryResponderWithItsDecisionAndTime() async {
    let (status, output, _) = await run(["--tap", "2"])
    #expect(status == 0)
    #expect(output.contains("  rewritten to https://example.com/legacy"))
    #expect(
      output.contains {
        $0.contains("DocumentController \"Reading the guide\"") && $0.contains("rewrite → https://example.com/legacy")
          && $0.hasSuffix(" ms")
      })
    #expect(output.contains { $0.contains("TopicController") && $0.contains("handled") }, "\(output)")
  }

  @Test func noColourIsWrittenWhenTheOutputIsNotATerminal() async {
    let (_, output, _) = await run(["--tap", "1"])
    #expect(!output.joined().contains("\u{1B}["))
  }

  @Test func theInteractiveModeEndsWhenInputEnds() async {
    let (status, output, _) = await run(["--interactive"], input: ["1"])
    #expect(status == 0)
    #expect(output.contains { $0.hasPrefix("link 1: ") })
  }

  @Test func linksAreTappedInteractivelyByNumber() async {
    let (status, output, _) = await run(["--interactive"], input: ["3", "banana", "q"])
    #expect(status == 0)
    #expect(output.contains { $0.hasPrefix("link 3: https://youtu.be/") })
    #expect(output.contains("No link \"banana\"."))
  }

  @Test func aBrokenDocumentExitsNonZeroWithAReadableMessage() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
    try Data(#"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"video": "v"}]}]}"#.utf8).write(
      to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, output, errors) = await run(["--document", file.path])
    #expect(status == 1)
    #expect(output.isEmpty)
    #expect(
      errors == [
        "demo-document: \(file.path):1:67: at documents[0].blocks[0]: expected an object with exactly one of the keys heading, paragraph, image, link, html, document"
      ])
  }

  @Test func aLinkThatDoesNotGoWhereExpectedFailsTheRun() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wrong-\(UUID().uuidString).json")
    try Data(
      #"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"link": {"title": "x", "url": "https://example.com", "expect": "blocked"}}]}]}"#
        .utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, output, _) = await run(["--all", "--document", file.path])
    #expect(status == 1)
    #expect(output.contains { $0.contains("✗ expected blocked") })
  }

  @Test(arguments: [
    ["--tap"], ["--tap", "0"], ["--tap", "x"], ["--all", "--tap", "1"], ["--interactive", "--all"], ["--document"],
    ["--frobnicate"], ["--tap", "99"],
  ])
  func unusableArgumentsExitTwo(arguments: [String]) async {
    let (status, _, errors) = await run(arguments)
    #expect(status == 2)
    #expect(errors.first?.hasPrefix("demo-document: ") == true)
  }

  // MARK: - --open

  @Test func anAppLinkIsQueuedUntilTheWindowExistsThenOpensADocumentById() async {
    let (status, output, _) = await run(["--open", "demodoc://document/contact"])
    #expect(status == 0)
    #expect(output.first == "inbound customScheme link: demodoc://document/contact")
    #expect(output.contains("  queued: the scene has no window yet (1 link waiting)"))
    #expect(
      output.contains { $0.hasPrefix("  the window is ready: delivering from the top-most screen, TopicController") })
    #expect(output.contains("-> opened document \"Getting in touch\""))
    #expect(output.contains { $0.contains("TopicController") && $0.contains("handled") }, "\(output)")
  }

  @Test func aUniversalLinkToAnEmbeddedDocumentOpensIt() async {
    let (status, output, _) = await run(["--open", "https://docs.example.com/documents/appendix-notes"])
    #expect(status == 0)
    #expect(output.contains("-> opened document \"Notes\""))
  }

  @Test func aSpoofedHostIsRefusedBeforeAnyScreen() async {
    let (status, output, _) = await run(["--open", "https://docs.example.com.evil.example/documents/guide"])
    #expect(status == 1)
    #expect(
      output.contains(
        "-> discarded: docs.example.com.evil.example is not one of the app's associated domains")
    )
    #expect(!output.contains { $0.contains("queued") })
  }

  @Test func aLinkNoScreenHandlesEndsAtTheLastHandlerNotTheBrowser() async {
    let (status, output, _) = await run(["--open", "demodoc://settings"])
    #expect(status == 1)
    #expect(output.contains("-> discarded: no screen handles this link"))
    #expect(output.last?.contains("Application") == true, "the route ends at the application, which passed it on")
  }

  @Test func openNeedsAnAbsoluteURLAndNoOtherMode() async {
    #expect(await run(["--open"]).0 == 2)
    #expect(await run(["--open", "not a url"]).0 == 2)
    #expect(await run(["--tap", "1", "--open", "demodoc://document/x"]).0 == 2)
  }

  @Test(arguments: ["offline", "signed-out", "server-error"])
  func aRecoveryScenarioShowsOnePromptAndRetriesAllThree(scenario: String) async {
    let (status, output, errors) = await run(["--scenario", scenario])
    #expect(status == 0, "\(errors)")
    #expect(output.filter { $0.contains("— ") && $0.hasPrefix("  prompt ") }.count == 1)
    #expect(output.contains("  3 operations wait behind 1 prompt"))
    #expect(output.contains("  the prompt closed: retry"))
    #expect(output.filter { $0.hasPrefix("link ") }.allSatisfy { $0.hasSuffix("-> in-app Safari view  ✓ as expected") })
    #expect(output.contains("document refresh -> 200, \"Links that find their way\""))
    #expect(output.contains("One prompt for three failures; all three retried together."))
  }

  @Test func offlineRetriesByThemselvesWhenTheNetworkReturns() async {
    let (_, output, _) = await run(["--scenario", "offline"])
    #expect(output.contains { $0.hasPrefix("  prompt 1 — OfflineError") })
    #expect(output.contains("the server comes back, and the network returns"))
    #expect(!output.contains { $0.contains("Retry") })
  }

  @Test func signingInRetriesWithTheFreshToken() async {
    let (_, output, _) = await run(["--scenario", "signed-out"])
    #expect(output.contains { $0.hasPrefix("  prompt 1 — SignInRequiredError") })
    let log = output.filter { $0.hasPrefix("  GET ") }
    #expect(log.filter { $0.hasSuffix("Bearer expired-token  -> 401") }.count == 2)
    #expect(log.filter { $0.hasSuffix("Bearer fresh-token  -> 200") }.count == 2)
    #expect(log.count == 4)
  }

  @Test func aServerErrorRetriesAfterRetry() async {
    let (_, output, _) = await run(["--scenario", "server-error"])
    #expect(output.contains { $0.hasPrefix("  prompt 1 — ServerFailureError") })
    // The list's one fetch for both links, tried three times (its retries), and the refresh.
    #expect(output.filter { $0.hasSuffix("-> 503") }.count == 4)
  }

  @Test(arguments: [
    ["--scenario"], ["--scenario", "flood"], ["--scenario", "offline", "--all"],
    ["--tap", "1", "--scenario", "offline"],
  ])
  func aScenarioNeedsAKnownNameAndNoOtherMode(arguments: [String]) async {
    let (status, _, errors) = await run(arguments)
    #expect(status == 2)
    #expect(errors.first?.contains("--scenario") == true || errors.first?.contains("give one of") == true)
  }

  @Test func aLinkNumberTheDocumentDoesNotHaveIsAnErrorBeforeAnythingIsPrinted() async {
    let (status, output, errors) = await run(["--tap", "99"])
    #expect(status == 2)
    #expect(output.isEmpty)
    #expect(errors == ["demo-document: there is no link 99; the document has 14 links"])
  }

  @Test func aDocumentWithOneLinkSaysSoInTheSingular() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("one-link-\(UUID()).json")
    try Data(
      #"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"link": {"title": "mail", "url": "mailto:a@example.com"}}]}]}"#
        .utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let (status, output, _) = await run(["--document", file.path])
    #expect(status == 0)
    #expect(output.last == "The link went where its document expects.")
  }
}
