import DemoDocumentKit
import DemoHTTPServer
import Foundation
import URLResponderChain
import URLResponderChainInboundLinks
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// Runs the headless demo: serves the allowlist on a loopback server, builds the
/// hierarchy, renders the document, and routes taps through the chain.
@MainActor
final class DemoRunner {
  /// One tap and where it went.
  struct Tap {
    let number: Int
    let link: Link
    let result: URLPropagationResult?
    let outcome: LinkOutcome
    /// For a link in web content: what the web view's navigation policy decided.
    var webDecision: String?
    var matchesExpectation: Bool { link.expect == nil || link.expect == outcome.kind }
  }

  private let topic: Topic
  private let terminal: Terminal
  private let output: (String) -> Void
  private let server: LoopbackHTTPServer
  private let environment: RecordingLinkEnvironment
  private let hierarchy: DemoHierarchy
  private var names: [ObjectIdentifier: String] = [:]
  /// How each tap is propagated: the package's defaults, unless a test says otherwise (the
  /// main actor of a loaded test run can be busy for longer than the default handler timeout).
  var propagation = URLPropagationOptions()

  /// The hosts whose universal links "an installed app" opens in the demo.
  static let nativeAppHosts: Set<String> = ["youtu.be", "youtube.com", "www.youtube.com", "m.youtube.com"]

  /// Serves `allowlist` from a loopback server of its own.
  convenience init(
    topic: Topic, allowlist: Data, swiftUI: Bool = false, terminal: Terminal, output: @escaping (String) -> Void
  ) throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: allowlist, headers: ["Cache-Control": "max-age=60"]) }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/allowlist.json"))
    // A server on a new port each run: a list kept from an earlier run would be another server's.
    configuration.cacheLocation = .memoryOnly
    // The loopback server answers at once; the default 30 s only matters on a machine so busy
    // that a shorter deadline would block the demo's links (its tests saw 5 s pass).
    configuration.fetchTimeout = .seconds(30)
    try self.init(
      topic: topic, server: server, configuration: configuration, recovery: RecoveryCoordinator(),
      swiftUI: swiftUI, terminal: terminal, output: output)
  }

  /// Checks links against `configuration`'s list on `server`, recovering with `recovery`.
  init(
    topic: Topic, server: LoopbackHTTPServer, configuration: RemoteAllowlistConfiguration,
    recovery: RecoveryCoordinator, swiftUI: Bool = false, terminal: Terminal, output: @escaping (String) -> Void
  ) throws {
    self.topic = topic
    self.terminal = terminal
    self.output = output
    self.server = server
    let remote = try RemoteAllowlist(configuration: configuration)
    let systemOpener = FakeSystemOpener()
    environment = RecordingLinkEnvironment(nativeAppHosts: Self.nativeAppHosts, systemOpener: systemOpener)
    let presenter = LinkPresenter(environment: environment, policy: .topic(remote, recovery: recovery))
    hierarchy = DemoHierarchy(topic: topic, linkPresenter: presenter, systemOpener: systemOpener, swiftUI: swiftUI)
    for link in hierarchy.links {
      let origin: any ResponderChainNode = link.swiftUIHandler ?? link
      for node in origin.responderChain { names[ObjectIdentifier(node)] = Self.name(of: node) }
    }
  }

  deinit { server.stop() }

  /// The number of links, numbered from 1.
  var linkCount: Int { hierarchy.links.count }

  /// The topic screen, where link decisions and recovery prompts are made.
  var topicController: TopicController { hierarchy.topic }

  /// The numbers (from 1) of the links the document expects to open in-app.
  var inAppLinkNumbers: [Int] {
    hierarchy.links.indices.filter { hierarchy.links[$0].link.expect == .inApp }.map { $0 + 1 }
  }

  /// The link numbered `number` (from 1).
  func link(_ number: Int) -> Link { hierarchy.links[number - 1].link }

  /// Prints the topic, its documents and their numbered links.
  func render() {
    output(terminal.bold(topic.title))
    var number = 0
    for document in topic.documents { render(document, depth: 1, number: &number) }
    output("")
  }

  private func render(_ document: Document, depth: Int, number: inout Int) {
    let indent = String(repeating: "  ", count: depth)
    output("")
    output(indent + terminal.bold("▌ " + document.title))
    for block in document.blocks {
      switch block {
      case .heading(let text):
        output(indent + terminal.bold(text))
      case .paragraph(let spans):
        var line = ""
        for span in spans {
          if span.link != nil {
            number += 1
            line += terminal.cyan("[\(span.text)]") + terminal.dim("[\(number)]")
          } else {
            line += span.text
          }
        }
        output(indent + line)
      case .image(let description):
        output(indent + terminal.dim("[image: \(description)]"))
      case .link(let link):
        number += 1
        output(indent + terminal.cyan("→ \(link.title)") + terminal.dim(" [\(number)]"))
      case .html(let page):
        output(indent + terminal.dim("[web view: \(page.url)]"))
        let links = page.links.map { link -> String in
          number += 1
          return terminal.cyan("<\(link.title)>") + terminal.dim("[\(number)]")
        }
        output(indent + "  " + links.joined(separator: " "))
      case .document(let nested):
        render(nested, depth: depth + 1, number: &number)
      }
    }
  }

  /// Taps link `number` (from 1), waits for the chain to decide, and reports it. A link in
  /// web content is first decided by the web view's navigation policy, as on iOS.
  func tap(_ number: Int) async -> Tap {
    let view = hierarchy.links[number - 1]
    // A SwiftUI `Link` opens through its environment's action: the innermost `.urlHandler`.
    let origin: any ResponderChainNode = view.swiftUIHandler ?? view
    var web: String?
    let before = (
      environment.presentations.count, environment.openedInNativeApp.count, environment.systemOpener.openedURLs.count
    )
    let result: URLPropagationResult
    if let webView = view.webView {
      // The web view decides first, as `LinkRoutingNavigationDelegate` does on iOS.
      switch await webView.tapLink(href: view.link.url, options: propagation) {
      case .handled(let because):
        web = "web view: a tapped link, loads in the web view: \(because)"
        return Tap(number: number, link: view.link, result: nil, outcome: .inPage(because), webDecision: web)
      case .discarded(let reason):
        web = "web view: a tapped link, discarded: \(reason)"
        return Tap(number: number, link: view.link, result: nil, outcome: .blocked(reason), webDecision: web)
      case .notHandled(let resolved, let walk):
        web = "web view: a tapped link, sent up the chain: \(resolved.absoluteString)"
        result = walk
      }
    } else {
      guard let url = URL(string: view.link.url) else {
        return Tap(number: number, link: view.link, result: nil, outcome: .blocked("not a valid URL"))
      }
      result = await origin.propagateURL(url, options: propagation)
    }
    let outcome: LinkOutcome
    if case .discarded(let reason) = result.outcome {
      outcome = .blocked(reason)
    } else if environment.openedInNativeApp.count > before.1 {
      outcome = .externalApp()
    } else if environment.presentations.count > before.0, let shown = environment.presentations.last?.url {
      outcome = .inApp()
      environment.dismissBrowser(showing: shown)
    } else if environment.systemOpener.openedURLs.count > before.2,
      let opened = environment.systemOpener.openedURLs.last
    {
      let scheme = opened.scheme?.lowercased() ?? ""
      outcome = scheme == "http" || scheme == "https" ? .systemBrowser() : .system(scheme: scheme)
    } else {
      outcome = .notOpened("\(result.outcome)")
    }
    return Tap(number: number, link: view.link, result: result, outcome: outcome, webDecision: web)
  }

  /// Prints a tap: `link N: URL -> outcome`, then the route through the chain.
  func report(_ tap: Tap) {
    let mark =
      tap.link.expect == nil
      ? ""
      : tap.matchesExpectation
        ? terminal.green("  ✓ as expected") : terminal.red("  ✗ expected \(tap.link.expect!.rawValue)")
    let written =
      tap.link.url.unicodeScalars.contains { $0.value < 0x20 } ? tap.link.url.debugDescription : tap.link.url
    output("link \(tap.number): \(written) -> \(tap.outcome.description)" + mark)
    if let web = tap.webDecision { output(terminal.dim("  \(web)")) }
    guard let result = tap.result else { return }
    if result.url != result.originalURL { output(terminal.dim("  rewritten to \(result.url.absoluteString)")) }
    printRoute(result)
  }

  /// Prints every responder a propagation visited, with its decision and time.
  private func printRoute(_ result: URLPropagationResult) {
    for (index, step) in result.trace.enumerated() {
      let name = names[step.nodeID] ?? step.nodeName
      output(terminal.dim("  \(String(index).leftPadded(to: 2)) \(name.rightPadded(to: 44)) \(step.answerDescription)"))
    }
  }

  /// Where inbound links may come from: the demo's associated domain and its own scheme.
  static let inboundConfiguration = InboundLinkConfiguration(
    associatedDomains: ["docs.example.com"], customSchemes: ["demodoc"])

  /// Delivers `url` as a link that opens the app, as at a cold start: the scene has no window
  /// yet, so the link is queued, then delivered from the top-most screen once the window
  /// exists. Prints each step and the route.
  ///
  /// - Returns: Whether a screen handled it.
  func open(_ url: URL) async -> Bool {
    let source = InboundLinkSource(openedURL: url)
    output(terminal.bold("inbound \(source.rawValue) link: \(url.absoluteString)"))
    let scene = TestScene()
    // The configuration is a constant the tests cover: it is always valid.
    let dispatcher = try! InboundLinkDispatcher(scene: scene, configuration: Self.inboundConfiguration)
    let result: InboundLinkResult = await withCheckedContinuation { continuation in
      dispatcher.receive(url, source: source) { continuation.resume(returning: $0) }
      guard dispatcher.queuedLinkCount > 0 else { return }
      output("  queued: the scene has no window yet (\(dispatcher.queuedLinkCount) link waiting)")
      scene.window = hierarchy.application.windows.first
      output("  the window is ready: delivering from the top-most screen, \(Self.name(of: hierarchy.topic))")
      dispatcher.deliverQueuedLinks()
    }
    switch result.outcome {
    case .handled:
      let title = hierarchy.topic.openedDocuments.last.map { "opened document \"\($0.title)\"" } ?? "handled"
      output("-> \(terminal.green(title))")
    case .discarded(let reason): output("-> \(terminal.red("discarded: \(reason)"))")
    case .notHandled: output("-> \(terminal.red("no screen handles it"))")
    case .cancelled: output("-> cancelled")
    case .timedOut: output("-> \(terminal.red("a screen did not answer in time"))")
    }
    if let propagation = result.propagation { printRoute(propagation) }
    return result.outcome == .handled
  }

  private static func name(of node: any ResponderChainNode) -> String {
    let type = String(describing: Swift.type(of: node))
    if let handler = node as? URLHandlerModifier { return ".urlHandler \"\(handler.name)\"" }
    guard let responder = node as? TestResponder else { return type }
    if let webView = node as? WebView { return "WebView \"\(webView.page.url)\"" }
    if node is TestView, let owner = (node as? TestView)?.owningViewController {
      return "\(String(describing: Swift.type(of: owner))).view"
    }
    return type == "LinkView" || type.hasSuffix("Controller") ? "\(type) \"\(responder.name)\"" : type
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
  fileprivate func rightPadded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
