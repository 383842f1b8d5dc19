import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting
import URLResponderChainTesting

/// Hostile links sent up a test application's chain from a view under a screen that declares
/// a policy: each one a deny rule blocks opens nowhere, neither in-app nor in the system (a
/// link the system is handed is recorded by the application's opener even when it refuses it).
@MainActor
@Suite(.timeLimit(.minutes(1))) struct HostileLinkChainTests {
  /// What sending `link` from a view under a screen declaring `policy` did: the outcome,
  /// what was shown in-app, and what the system was handed.
  private func send(_ link: String, under policy: LinkPolicy) async throws -> (
    outcome: URLPropagationResult.Outcome, shown: [URL], handedToSystem: [URL]
  ) {
    let application = TestApplication()
    let environment = RecordingLinkEnvironment(systemOpener: application.systemOpener)
    let screen = TestViewController(name: "screen")
    screen.linkPresenter = LinkPresenter(environment: environment, policy: policy)
    application.makeWindow(rootViewController: screen)
    let view = TestView(name: "link")
    screen.view.addSubview(view)
    let result = await view.propagateURL(try #require(URL(string: link)), options: .untimed())
    let opener = application.systemOpener
    return (result.outcome, environment.presentations.map(\.url), opener.openedURLs + opener.refusedURLs)
  }

  /// Issue 68, 2: a path deny rule is judged on every reading before a reading refuses the
  /// link: `..%5C`, `..%2F` and a double-encoded `s` climb out of `/public/*` to `/secret`.
  @Test(arguments: ["/public/..%5CSECRET", "/public/..%2Fsecret.", "/public/..%2F%2573ecret"])
  func aPathDenyRuleBlocksEveryReadingThatClimbsOutOfAnAllowedFolder(path: String) async throws {
    let policy = LinkPolicy(inApp: try Allowlist(allow: ["example.com/public/*"], deny: ["example.com/secret"]))
    let sent = try await send("https://example.com" + path, under: policy)
    #expect(sent.outcome.isDiscarded, "\(path): \(sent.outcome)")
    #expect(sent.shown.isEmpty && sent.handedToSystem.isEmpty, "\(path): \(sent)")
  }

  /// Issue 68, 2: a path whose folded reading cannot be made (31 combining marks in a row)
  /// is blocked by a deny rule that could match it, never shown in-app.
  @Test func aPathThatCannotBeReadIsBlockedByADenyRuleForItsHost() async throws {
    let policy = LinkPolicy(inApp: try Allowlist(allow: ["example.com"]), rules: [.discarded("example.com/secret/*")])
    let marks = String(repeating: "%CC%81", count: 31)
    let sent = try await send("https://example.com/SECRET/x" + marks, under: policy)
    #expect(sent.outcome.isDiscarded, "\(sent.outcome)")
    #expect(sent.shown.isEmpty && sent.handedToSystem.isEmpty)
  }

  /// Issue 68, 8: a server that decodes the path before it drops `;` parameters reads
  /// `/a%3Bx%00/admin` as `/a/admin`.
  @Test(arguments: ["/a%3Bx%00/admin", "/a%3bx/admin", "/a%253Bx%2500/admin", "/a;%00/admin"])
  func anEncodedParameterDoesNotHideADeniedPath(path: String) async throws {
    let allowlist = try Allowlist(allow: ["example.org/*"], deny: ["example.org/a/admin"])
    guard case .blocked = allowlist.verdict(for: "https://example.org" + path) else {
      Issue.record("\(path): \(allowlist.verdict(for: "https://example.org" + path))")
      return
    }
    let sent = try await send("https://example.org" + path, under: LinkPolicy(inApp: allowlist))
    #expect(sent.outcome.isDiscarded, "\(path): \(sent.outcome)")
    #expect(sent.shown.isEmpty && sent.handedToSystem.isEmpty)
  }

  /// Issue 68, 5: Microsoft's Office schemes open the document a link names from its host.
  @Test(arguments: [
    "ms-word:ofe|u|https://evil.example/doc.docx", "ms-excel:ofv|u|https://evil.example/a.xlsx",
    "ms-powerpoint:ofe|u|HTTPS://EVIL.EXAMPLE/p.pptx", "ms-word:ofe%7Cu%7Chttps%3A%2F%2Fevil.example%2Fd.docx",
    "ms-word:ofe|u|http://evil.example/d.docx?x=1",
  ])
  func anOfficeLinkToABlockedHostOpensNowhere(link: String) async throws {
    let sent = try await send(link, under: .inApp(["docs.example.com"], blocking: ["evil.example"]))
    #expect(sent.outcome.isDiscarded, "\(link): \(sent.outcome)")
    #expect(sent.handedToSystem.isEmpty, "\(link)")
  }

  /// An Office link to a host no rule blocks still goes to the system, as written.
  @Test func anOfficeLinkToAnotherHostGoesToTheSystem() async throws {
    let link = "ms-word:ofe|u|https://docs.example.org/doc.docx"
    let sent = try await send(link, under: .inApp(["docs.example.com"], blocking: ["evil.example"]))
    #expect(sent.handedToSystem == [try #require(URL(string: link))])
  }

  /// A subdomain whose first label no rule can name is blocked by its parent's wildcard.
  @Test(arguments: ["https://a_b.evil.example/", "https://%E2%98%95.evil.example/x"])
  func aSubdomainNoRuleNamesOpensNowhereUnderItsParentsWildcard(link: String) async throws {
    let sent = try await send(link, under: .inApp(["docs.example.com"], blocking: ["*.evil.example"]))
    #expect(sent.outcome.isDiscarded, "\(link): \(sent.outcome)")
    #expect(sent.shown.isEmpty && sent.handedToSystem.isEmpty, "\(link)")
  }

  /// Issue 68, 10: `view-source:`, `jar:` and `filesystem:` show the document of the link they
  /// wrap, so a wrapped `file:` link is as document-local as a `file:` link.
  @Test(arguments: [
    "view-source:file:///etc/passwd", "jar:file:///tmp/a.jar!/b.html", "filesystem:file:///persistent/x",
    "VIEW-SOURCE:view-source:FILE:///etc/passwd", "view-source:javascript:alert(1)", "jar:data:text/html,x",
  ])
  func aWrappedDocumentLocalLinkNeverReachesTheSystem(link: String) async throws {
    let sent = try await send(link, under: .inApp(["docs.example.com"]))
    #expect(sent.outcome.isDiscarded, "\(link): \(sent.outcome)")
    #expect(sent.handedToSystem.isEmpty, "\(link)")
  }

  /// Issue 68, 3: a route table's `.discarded` row is a deny rule on every reading, so the
  /// spellings a browser loads from an ad host are discarded by the handler that uses it.
  @Test(arguments: [
    "https://user@x.ads.example.com/", "https://x.ads.example.com:8443/", "https://x.%61ds.example.com/",
    "x-safari-https://x.ads.example.com/", "https://x.ads.example.com./",
  ])
  func aDiscardedRouteRowDiscardsEverySpellingOfItsHost(link: String) async throws {
    final class Topic: TestViewController, URLHandler {
      let table = try! URLRouteTable<URLHandlingDecision>([
        ("*.ads.example.com", .discarded(reason: "ads are blocked")),
        ("example.com/*", .handled),
      ])
      func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { table.decision(for: url) }
    }
    let application = TestApplication()
    let topic = Topic(name: "topic")
    application.makeWindow(rootViewController: topic)
    let view = TestView(name: "link")
    topic.view.addSubview(view)
    let result = await view.propagateURL(try #require(URL(string: link)), options: .untimed())
    #expect(result.outcome == .discarded(reason: "ads are blocked"), "\(link): \(result.outcome)")
    #expect(application.systemOpener.openedURLs.isEmpty && application.systemOpener.refusedURLs.isEmpty)
  }
}

extension URLPropagationResult.Outcome {
  fileprivate var isDiscarded: Bool { if case .discarded = self { true } else { false } }
}
