import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// Where the list is kept for the next launch: the app's caches folder unless the app says
/// otherwise, and nowhere once the server says `no-store`.
@Suite struct RemoteAllowlistCacheLocationTests {
  static let endpoint = URL(string: "https://lists.example.com/allowlist.json")!
  static let document = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)

  static func ok(_ cacheControl: String) -> ScriptedTransport.Step {
    .respond(
      HTTPExchange(
        status: 200, headers: ["Content-Type": "application/json", "Cache-Control": cacheControl], body: document))
  }

  /// A launch of the app: a new list object over the same caches folder, on a clock nobody
  /// moves (these tests wait on nothing).
  private func launch(
    _ steps: [ScriptedTransport.Step], appCaches: URL, endpoint: URL = endpoint,
    configure: (inout RemoteAllowlistConfiguration) -> Void = { _ in }
  ) throws -> (RemoteAllowlist, ScriptedTransport) {
    let clock = ManualClock()
    let transport = ScriptedTransport(clock: clock, steps)
    var configuration = RemoteAllowlistConfiguration(endpoint: endpoint)
    configuration.retry.maximumAttempts = 1
    configure(&configuration)
    let remote = try RemoteAllowlist(
      configuration: configuration, transport: transport, now: { Date(timeIntervalSince1970: 1_800_000_000) },
      random: { 0.5 }, clock: clock, appCaches: appCaches)
    return (remote, transport)
  }

  private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("app-caches-\(UUID().uuidString)")
  }

  @Test func byDefaultTheListOutlivesTheLaunchInTheAppsCachesFolder() async throws {
    let caches = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: caches) }
    let (first, _) = try launch([Self.ok("max-age=0, stale-if-error=86400")], appCaches: caches)
    #expect(await first.checked("https://example.com") == .allowed(rule: "example.com"))

    // The next launch, during an outage: the kept list is what stale-if-error serves.
    let (relaunched, transport) = try launch([.fail(.unreachable("down"))], appCaches: caches)
    #expect(await relaunched.checked("https://example.com") == .allowed(rule: "example.com"))
    #expect(transport.requests.count == 1)
    let folder = caches.appendingPathComponent("URLResponderChain.RemoteAllowlist")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
  }

  @Test func eachEndpointHasAFolderOfItsOwn() {
    let location = RemoteAllowlistConfiguration.CacheLocation.cachesFolder
    let caches = URL(fileURLWithPath: "/caches")
    let first = location.folder(for: Self.endpoint, appCaches: caches)
    let second = location.folder(for: URL(string: "https://lists.example.com/other.json")!, appCaches: caches)
    #expect(first != second)
    #expect(first?.deletingLastPathComponent().path == "/caches/URLResponderChain.RemoteAllowlist")
  }

  @Test func aListKeptInMemoryOnlyIsGoneAtTheNextLaunch() async throws {
    let caches = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: caches) }
    let memoryOnly: (inout RemoteAllowlistConfiguration) -> Void = { $0.cacheLocation = .memoryOnly }
    let (first, _) = try launch([Self.ok("max-age=0, stale-if-error=86400")], appCaches: caches, configure: memoryOnly)
    #expect(await first.checked("https://example.com") == .allowed(rule: "example.com"))
    let (relaunched, _) = try launch([.fail(.unreachable("down"))], appCaches: caches, configure: memoryOnly)
    #expect(await relaunched.checked("https://example.com") == .unavailable(.unreachable("down")))
    #expect(!FileManager.default.fileExists(atPath: caches.path))
  }

  /// RFC 9111 §5.2.2.5: `no-store` keeps the response nowhere; the copy an earlier response
  /// left for the next launch goes too, or a relaunch would serve what the server withdrew.
  @Test func noStoreRemovesTheCopyKeptForTheNextLaunch() async throws {
    let caches = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: caches) }
    let (first, _) = try launch(
      [Self.ok("max-age=0, stale-if-error=86400"), Self.ok("no-store")], appCaches: caches)
    #expect(await first.checked("https://example.com") == .allowed(rule: "example.com"))
    #expect(await first.checked("https://example.com") == .allowed(rule: "example.com"))

    let (relaunched, _) = try launch([.fail(.unreachable("down"))], appCaches: caches)
    #expect(await relaunched.checked("https://example.com") == .unavailable(.unreachable("down")))
  }
}
