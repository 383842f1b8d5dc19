import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainTesting

/// Taps and previews agree: over random chains (handlers that discard, rewrite, pass, take or
/// send to the system by pattern, below presenters with policies, one kind of which also
/// answers at once, with or without the
/// application at the end) and random links (the web-platform-tests corpus, hostile links and
/// ordinary ones), what the dry run says a tap does is what the tap did. A preview is in-app
/// exactly when the tap showed the same URL in-app; only a chain with a handler that must be
/// awaited leaves the dry run without an answer, and then nothing is previewed.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct TapAndPreviewDifferentialTests {
  static let ordinaryLinks = [
    "https://docs.example.com/a", "http://docs.example.com/a?utm_source=x", "https://tracker.example/x",
    "https://evil.example/login", "https://docs.example.com:8443/a", "https://en.wikipedia.org/wiki/URL",
    "mailto:editors@example.com", "tel:+15555550100", "myapp://open?next=https://evil.example",
  ]
  static let hostileLinks = [
    "javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<script>1</script>", "file:///etc/passwd",
    "https://user@docs.example.com/", "https://docs.example.com@evil.example/", "https://127.0.0.1/",
    "https://0x7f.1/", "https://[::1]/", "https://%65vil.example/", "https://docs.example.com./a",
    "https://xn--pple-43d.com/", "https://docs.example.com/../evil", "https:evil.example", "//evil.example/",
    "https://docs.example.com\\@evil.example/", "ftp://docs.example.com/file", "about:blank", "blob:https://a/1",
  ]
  static let rewriteTargets = [
    "https://docs.example.com/clean", "javascript:alert(1)", "https://user@evil.example/", "file:///etc/hosts",
    "https://evil.example/", "mailto:a@example.com",
  ]
  static let patterns = ["tracker", "evil", "docs", "http:", "/a", "mailto", "example", "%", "@"]

  /// The corpus's inputs that Foundation reads as a URL, with the other links.
  static func links() throws -> [URL] {
    let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.wptURLTestData)) as? [Any] ?? []
    let corpus = entries.compactMap { ($0 as? [String: Any])?["input"] as? String }
    return (ordinaryLinks + hostileLinks + corpus).compactMap { URL(string: $0) }
  }

  private struct Chain {
    let origin: any ResponderChainNode
    let environment: RecordingLinkEnvironment
    let opener: FakeSystemOpener
    let awaits: Bool
    /// Every node, kept alive for the round (nodes link to each other weakly in places).
    let nodes: [AnyObject]
  }

  private static func policy(_ pick: Int) -> LinkPolicy {
    switch pick {
    case 0: LinkPolicy()
    case 1: LinkPolicy(permittedPorts: [8443])
    case 2: LinkPolicy(preference: .defaultBrowser)
    case 3: LinkPolicy(universalLinksFirst: true)
    default:
      LinkPolicy(
        permittedPorts: [], universalLinksFirst: false, preference: .inApp,
        list: LinkPolicyList { url in
          let host = url.host ?? ""
          if host.contains("evil") { return .discarded(reason: "denied") }
          return host.hasPrefix("docs.")
            ? .inApp(nativeAppFirst: false, reason: "listed") : .systemAction(reason: "unlisted")
        })
    }
  }

  private static func rule(_ kind: Int, _ pattern: String, _ target: URL) -> @MainActor (URL) -> URLHandlingDecision {
    { url in
      guard url.absoluteString.contains(pattern) else { return .notHandled }
      switch kind {
      case 0: return .discarded(reason: "rule \(pattern)")
      case 1: return .systemAction
      case 2: return .handled
      case 3: return .rewrite(target)
      default:
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        return .rewrite(components?.url ?? target)
      }
    }
  }

  private static func makeChain(_ random: inout SeededGenerator) -> Chain {
    let opener = FakeSystemOpener()
    let environment = RecordingLinkEnvironment(systemOpener: opener)
    var nodes: [AnyObject] = []
    var top: (any ResponderChainNode)? = nil
    if Int.random(in: 0..<10, using: &random) > 0 {
      let application = TestApplication(systemOpener: opener)
      nodes.append(application)
      top = application
    }
    if Int.random(in: 0..<5, using: &random) > 0 {
      let presenter = LinkPresenter(environment: environment, policy: policy(Int.random(in: 0..<5, using: &random)))
      let kind = Int.random(in: 0..<5, using: &random)
      if kind == 0 {
        // A declaring screen that also answers at once: asked through `handleURL`, and its
        // declaration applies at the chain's end.
        let handler = AnsweringPresenter(name: "answering", presenter: presenter, next: top)
        nodes.append(handler)
        top = handler
      } else if kind < 3 {
        let screen = PresentingScreen(name: "presenter", presenter: presenter, next: top)
        nodes.append(screen)
        top = screen
      } else {
        // The SwiftUI form: a view's node that only declares, inside a hosting screen (a
        // presentation host) or, in some rounds, in none: then nothing can show it in-app.
        let node = ViewLinkHandler(name: "Reader.swift:1", nil)
        node.linkPresenter = presenter
        if kind == 3 {
          let hosting = PresentingScreen(name: "hosting", presenter: nil, next: top)
          nodes.append(hosting)
          node.anchor = hosting
        } else {
          node.anchor = top
        }
        nodes += [node, presenter]
        top = node
      }
    }
    var awaits = false
    for index in 0..<Int.random(in: 0...4, using: &random) {
      let next = top
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        let gate = RecordingURLHandler(name: "gate\(index)", next: next, answering: .notHandled)
        awaits = true
        nodes.append(gate)
        top = gate
      case 1:
        let plain = RecordingURLHandler(name: "plain\(index)", next: next, answering: .notHandled)
        // Not a handler at all would be skipped; a rule that never matches is the same.
        let skip = RuleHandler(name: "skip\(index)", next: next) { _ in .notHandled }
        nodes += [plain, skip]
        top = skip
      default:
        let pattern = patterns.randomElement(using: &random)!
        let target = URL(string: rewriteTargets.randomElement(using: &random)!)!
        let handler = RuleHandler(
          name: "rule\(index)", next: next, rule: rule(Int.random(in: 0..<5, using: &random), pattern, target))
        nodes.append(handler)
        top = handler
      }
    }
    let origin = top ?? TestResponder(name: "lonely")
    nodes.append(origin)
    return Chain(origin: origin, environment: environment, opener: opener, awaits: awaits, nodes: nodes)
  }

  @Test func aPreviewShowsInAppExactlyWhatATapShowsInApp() async throws {
    let links = try Self.links()
    #expect(links.count > 500)
    var random = SeededGenerator(seed: 0x55)
    var previewed = 0
    var decidedAsynchronously = 0
    for round in 0..<6_000 {
      let chain = Self.makeChain(&random)
      let url = links.randomElement(using: &random)!
      let run = LinkDryRun.run(of: url, from: chain.origin)
      let tap = await chain.origin.propagateURL(url)
      let shown = chain.environment.presentations.map(\.url)
      let asked = chain.opener.openedURLs + chain.opener.refusedURLs
      let context = Comment(rawValue: "round \(round): \(url.absoluteString) → \(run) / \(tap.outcome)")
      if let inApp = run.inApp {
        previewed += 1
        #expect(shown == [inApp.url], context)
        #expect(asked.isEmpty && tap.outcome == .handled, context)
        continue
      }
      // Nothing is previewed in-app: the tap shows nothing in-app, unless an awaited handler
      // had a say the dry run could not have.
      switch run.destination {
      case nil where chain.awaits:
        decidedAsynchronously += 1
      case nil:
        #expect(shown.isEmpty && asked.isEmpty && tap.outcome == .handled, context)
      case .discarded?:
        #expect(shown.isEmpty && asked.isEmpty && tap.outcome != .handled, context)
      case .systemAction?, .nativeAppOrDefaultBrowser?:
        #expect(shown.isEmpty && asked == [run.url], context)
      case .inApp?:
        Issue.record("an in-app destination without a checked URL: \(context)")
      }
    }
    // The rounds cover every case.
    #expect(previewed > 100)
    #expect(decidedAsynchronously > 10)
  }
}
