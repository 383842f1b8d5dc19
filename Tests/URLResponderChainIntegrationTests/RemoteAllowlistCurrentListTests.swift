import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainRemoteAllowlist

/// A remote allowlist is consulted for previews only through the list it holds now.
@MainActor
@Suite struct RemoteAllowlistCurrentListTests {
  @Test func previewsWaitForTheRemoteListThenFollowIt() async throws {
    let document = Data(#"{"version": 1, "allow": ["docs.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: document, headers: ["Cache-Control": "max-age=600"]) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/a.json"))
    configuration.cacheLocation = .memoryOnly
    let remote = try RemoteAllowlist(configuration: configuration)
    let policy = LinkPolicy(inApp: remote)
    let guide = URL(string: "https://docs.example.com/guide")!

    #expect(remote.currentAllowlist() == nil)
    #expect(policy.menu(for: guide)?.previewURL == nil)  // not known yet: fails closed, sends no request
    #expect(server.requests.isEmpty)

    #expect(try await remote.check(guide) == .allowed(rule: "docs.example.com"))
    #expect(policy.menu(for: guide)?.previewURL?.url == guide)
    #expect(policy.menu(for: URL(string: "https://other.example/")!)?.previewURL == nil)
    #expect(server.requests.count == 1)
  }

  @Test func aStaleListIsNotUsedButABaselineIs() async throws {
    let document = Data(#"{"version": 1, "allow": ["docs.example.com"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: document, headers: ["Cache-Control": "no-cache"]) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/a.json"))
    configuration.cacheLocation = .memoryOnly
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(try await remote.check("https://docs.example.com") == .allowed(rule: "docs.example.com"))
    #expect(remote.currentAllowlist() == nil)  // no-cache: stale at once, must be revalidated

    configuration.whenUnavailable = .failClosed(baseline: try Allowlist(allow: ["status.example.com"]))
    let withBaseline = try RemoteAllowlist(configuration: configuration)
    #expect(withBaseline.currentAllowlist()?.verdict(for: "https://status.example.com").isAllowed == true)
  }
}
