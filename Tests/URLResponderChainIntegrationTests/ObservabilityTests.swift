import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainObservability
import URLResponderChainTesting

@testable import URLResponderChainCore
@testable import URLResponderChainInboundLinks
@testable import URLResponderChainLinkViews
@testable import URLResponderChainRemoteAllowlist

// These tests read the portable log's records back. On Apple platforms the same call sites
// write to `os_log` and `os_signpost` instead, with the privacy the redaction tests
// (`RedactedURLTests`) cover on every platform; there is no stand-in to read back there.
#if !canImport(os)

  /// Collects the portable stand-in's records for one test.
  final class LogCapture: Sendable {
    private let records = LockedValue<[ChainLogRecord]>([])

    func record(_ record: ChainLogRecord) { records.withLock { $0.append(record) } }
    var all: [ChainLogRecord] { records.withLock { $0 } }

    func lines(containing marker: String) -> [String] {
      all.compactMap { if case .line(_, _, let text) = $0, text.contains(marker) { text } else { nil } }
    }
  }

  /// Log lines, signposts and URL redaction. The recorder is process-wide, so these tests run
  /// one at a time and pick out their own records by a host no other test uses.
  @Suite(.serialized) @MainActor struct ObservabilityTests {
    private func capturing(_ body: (LogCapture) async throws -> Void) async rethrows {
      let capture = LogCapture()
      let previous = ChainLogRecorder.install { capture.record($0) }
      defer { ChainLogRecorder.install(previous) }
      try await body(capture)
    }

    /// The walks (signpost ids) that began a handler interval for a handler of type `handler`.
    private func walkIDs(askingHandler handler: String, in records: [ChainLogRecord]) -> Set<UInt> {
      Set(
        records.compactMap { record in
          guard case .intervalBegan(.propagation, "handler", let id, handler) = record else { return nil }
          return id
        })
    }

    /// A class that conforms to both handler protocols is asked only as a `URLHandler`: a
    /// debug build says so, instead of never asking its `decideURL` silently (issue 71, 8).
    @Test func aHandlerOfBothProtocolsIsReportedInADebugBuild() async {
      final class BothKinds: TestResponder, URLHandler, AsyncURLHandler {
        func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { .notHandled }
        func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision { .handled }
      }
      await capturing { capture in
        let node = BothKinds(name: "both")
        _ = await node.propagateURL(URL(string: "https://both.example/")!)
        #if DEBUG
          let lines = capture.lines(containing: "conforms to both URLHandler and AsyncURLHandler")
          #expect(lines.contains { $0.hasPrefix("BothKinds ") }, "\(capture.all)")
        #endif
      }
    }

    @Test func onePropagationLogsOneDebugLineWithOutcomeDecidingNodeAndDuration() async {
      await capturing { capture in
        let url = URL(string: "https://logline.example/users/42?token=secret#frag")!
        let link = Node(next: ImmediateHandler(.notHandled, next: ImmediateHandler(.handled)))
        _ = await link.propagateURL(url)
        let lines = capture.lines(containing: "logline.example")
        #expect(lines.count == 1)
        let line = lines.first ?? ""
        #expect(line.hasPrefix("handled https://logline.example<private> by ImmediateHandler in "))
        #expect(line.hasSuffix(" ms, 3 nodes"))
      }
    }

    @Test func loggedURLsNeverShowThePathQueryOrFragmentByDefault() async {
      await capturing { capture in
        let url = URL(string: "https://user:pw@redact.example:8443/private/path?q=secret#fragment")!
        _ = await Node().propagateURL(url)
        let line = capture.lines(containing: "redact.example").first ?? ""
        #expect(line.hasPrefix("not handled https://redact.example<private> by nobody"))
        for secret in ["private/path", "secret", "fragment", "user", "pw", "8443"] {
          #expect(!line.contains(secret), "\(secret) leaked into \(line)")
        }
      }
    }

    @Test func fullURLsAreLoggedOnlyWhenAskedForInADebugBuild() async {
      await capturing { capture in
        URLResponderChainLogging.logsFullURLs = true
        defer { URLResponderChainLogging.logsFullURLs = false }
        _ = await Node().propagateURL(URL(string: "https://full.example/a/b?c=d#e")!)
        let line = capture.lines(containing: "full.example").first ?? ""
        #if DEBUG
          #expect(line.contains("https://full.example/a/b?c=d#e"))
        #else
          #expect(!line.contains("/a/b"))
        #endif
      }
    }

    @Test func signpostsBracketThePropagationAndEachHandlersTurn() async {
      await capturing { capture in
        let first = ImmediateHandler(.notHandled, next: ImmediateHandler(.discarded(reason: "no")))
        let link = Node(next: first)
        let result = await link.propagateURL(URL(string: "https://signposts.example")!)
        #expect(result.outcome == .discarded(reason: "no"))
        let intervals = capture.all.compactMap { record -> String? in
          switch record {
          case .intervalBegan(.propagation, let name, _, let message): "begin \(name) \(message)"
          case .intervalEnded(.propagation, let name, _, let message): "end \(name) \(message)"
          default: nil
          }
        }
        // Other suites' propagations may interleave; this walk's own intervals share one id.
        let ids = Set(
          capture.all.compactMap { record -> UInt? in
            if case .intervalBegan(.propagation, "propagation", let id, "https") = record { id } else { nil }
          })
        #expect(!ids.isEmpty)
        #expect(intervals.contains("begin handler ImmediateHandler"))
        #expect(intervals.contains("end handler not handled"))
        #expect(intervals.contains("end handler discarded"))
        #expect(intervals.contains("end propagation discarded"))
      }
    }

    @Test func aHandlerAnsweringAtOnceOrAwaitedHasOneInterval() async {
      await capturing { capture in
        let awaited = SignpostAwaitedHandler(.handled)
        let atOnce = SignpostAtOnceHandler(.notHandled, next: awaited)
        let result = await Node(next: atOnce).propagateURL(URL(string: "https://precheck-signpost.example")!)
        #expect(result.outcome == .handled)
        // Only this walk's intervals: the only walk that asks a SignpostAtOnceHandler.
        let records = capture.all
        let walks = walkIDs(askingHandler: "SignpostAtOnceHandler", in: records)
        #expect(walks.count == 1)
        let handlerIntervals = records.compactMap { record -> String? in
          switch record {
          case .intervalBegan(.propagation, "handler", let id, let message) where walks.contains(id): "begin \(message)"
          case .intervalEnded(.propagation, "handler", let id, let message) where walks.contains(id): "end \(message)"
          default: nil
          }
        }
        #expect(
          handlerIntervals == [
            "begin SignpostAtOnceHandler", "end not handled", "begin SignpostAwaitedHandler", "end handled",
          ])
      }
    }

    @Test func aHandlerGivenUpStillClosesItsInterval() async throws {
      try await capturing { capture in
        let stubborn = SignpostTimeoutHandler()
        let result = try await Node(next: stubborn).propagateURL(
          URL(string: "https://timeout-signpost.example")!, options: .init(handlerTimeout: .milliseconds(20)),
          within: .deadline)
        #expect(result.outcome == .timedOut)
        // Other suites propagate meanwhile: only this walk's intervals (the only walk that asks a
        // SignpostTimeoutHandler) are counted.
        let records = capture.all
        let walks = walkIDs(askingHandler: "SignpostTimeoutHandler", in: records)
        #expect(walks.count == 1)
        var open: [UInt: Int] = [:]
        for record in records {
          switch record {
          case .intervalBegan(.propagation, _, let id, _) where walks.contains(id): open[id, default: 0] += 1
          case .intervalEnded(.propagation, _, let id, _) where walks.contains(id): open[id, default: 0] -= 1
          default: break
          }
        }
        #expect(
          open.values.reduce(0, +) == 0 && open.values.allSatisfy { $0 == 0 }, "every interval begun was ended: \(open)"
        )
        #expect(open.count == 1)
        stubborn.inner.answerLate()
      }
    }

    @Test func aTapOnALinkWithoutAURLSendsNothingAndLogsWhy() async {
      await capturing { capture in
        #expect(LinkTapTarget.urlForTap(url: nil, written: nil) == nil)
        #expect(LinkTapTarget.urlForTap(url: nil, written: "not a url") == nil)
        #expect(LinkTapTarget.urlForTap(url: nil, written: "https://tap-log.example") != nil)
        #expect(
          capture.lines(containing: "link tapped") == [
            "link tapped, nothing sent: the link has no URL: set url, or urlString in Interface Builder",
            #"link tapped, nothing sent: the link's urlString "not a url" is not a URL"#,
          ])
      }
    }

    @Test func droppedAndRefusedInboundLinksAreLoggedWithoutTheirPath() async throws {
      try await capturing { capture in
        let scene = TestScene()
        var configuration = InboundLinkConfiguration(associatedDomains: ["inbound-log.example"])
        configuration.queueLimit = 1
        let dispatcher = try InboundLinkDispatcher(scene: scene, configuration: configuration)
        dispatcher.receive(URL(string: "https://inbound-log.example/secret/1?token=x")!, source: .universalLink)
        dispatcher.receive(URL(string: "https://inbound-log.example/secret/2")!, source: .universalLink)
        dispatcher.receive(URL(string: "https://spoof.inbound-log-evil.example/secret/3")!, source: .handoff)
        let lines = capture.lines(containing: "inbound")
        #expect(
          lines == [
            "inbound link dropped: https://inbound-log.example more than 1 links waited for a window",
            "inbound handoff link refused: https://spoof.inbound-log-evil.example"
              + " spoof.inbound-log-evil.example is not one of the app's associated domains",
          ])
        #expect(!lines.joined().contains("secret") && !lines.joined().contains("token"))
      }
    }

    @Test func anAllowlistFetchIsOneIntervalAndOneLine() async throws {
      // Seven rules: a count no other test's list has, since other suites fetch lists meanwhile.
      let list =
        #"{"version": 1, "allow": ["example.com", "a1.example", "a2.example", "a3.example", "a4.example", "a5.example", "a6.example"]}"#
      let server = try LoopbackHTTPServer { _ in .ok(body: Data(list.utf8)) }
      defer { server.stop() }
      try await capturing { capture in
        var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list.json"))
        configuration.cacheLocation = .memoryOnly
        let remote = try RemoteAllowlist(configuration: configuration)
        #expect(try await remote.check("https://example.com") == .allowed(rule: "example.com"))
        let id = UInt(bitPattern: ObjectIdentifier(remote).hashValue)
        let fetches = capture.all.filter {
          if case .intervalEnded(.allowlist, "allowlist fetch", id, "fetched") = $0 { true } else { false }
        }
        #expect(fetches.count == 1)
        #expect(capture.lines(containing: "(7 rules)") == ["allowlist fetched: http://127.0.0.1<private> (7 rules)"])
      }
    }
  }

  /// A handler that never answers in time, with a type name only one test uses, so that its
  /// walk's signpost intervals can be told from those of suites running in parallel.
  @MainActor
  /// A handler that answers at once, whose type only the interval test uses.
  final class SignpostAtOnceHandler: Linked, URLHandler {
    let decision: URLHandlingDecision
    init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
      self.decision = decision
      super.init(next: next)
    }
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { decision }
  }

  /// A handler that suspends, whose type only the interval test uses.
  final class SignpostAwaitedHandler: Linked, AsyncURLHandler {
    let decision: URLHandlingDecision
    init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
      self.decision = decision
      super.init(next: next)
    }
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      await Task.yield()
      return decision
    }
  }

  final class SignpostTimeoutHandler: AsyncURLHandler {
    let inner = StubbornHandler()
    var nextNode: (any ResponderChainNode)? { nil }
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      await inner.decideURL(url, context: context)
    }
  }

#endif
