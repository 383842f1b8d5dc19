import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// HSTS-like: a list fetched over https is never replaced by one fetched over http.
@Suite struct AllowlistDowngradeTests {
  private func cacheHolding(endpoint: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("downgrade-\(UUID().uuidString)")
    let stored = StoredAllowlist(
      allowlist: try Allowlist(document: Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)),
      response: CachedResponse(
        document: Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8), etag: nil, lastModified: nil,
        directives: HTTPCacheDirectives(cacheControl: "max-age=600"), receivedAt: Date()))
    let configuration = RemoteAllowlistConfiguration(endpoint: try #require(URL(string: endpoint)))
    AllowlistCacheFolder(directory: directory, configuration: configuration).write(stored)
    return directory
  }

  @Test func anHTTPListDoesNotReplaceAnHTTPSOne() async throws {
    let cache = try cacheHolding(endpoint: "https://config.example.com/allowlist.json")
    let file = cache.appendingPathComponent(PersistedAllowlist.fileName)
    let before = try Data(contentsOf: file)
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(#"{"version": 1, "allow": ["evil.example"]}"#.utf8)) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list"))
    configuration.cacheLocation = .directory(cache)
    let remote = try RemoteAllowlist(configuration: configuration)
    let check = await remote.checked("https://evil.example/")
    guard case .unavailable(.downgradeRefused(let reason)) = check else {
      Issue.record("the http list was adopted: \(check)")
      return
    }
    #expect(reason.contains("fetched over https"))
    #expect(try Data(contentsOf: file) == before)
  }

  @Test func anHTTPListReplacesAnotherHTTPOne() async throws {
    let cache = try cacheHolding(endpoint: "http://127.0.0.1:1/old-list")
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(#"{"version": 1, "allow": ["other.example"]}"#.utf8)) }
    defer { server.stop() }
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list"))
    configuration.cacheLocation = .directory(cache)
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://other.example/") == .allowed(rule: "other.example"))
    let folder = AllowlistCacheFolder(directory: cache, configuration: configuration)
    #expect(!folder.holdsListFetchedOverHTTPS(), "the folder now records a list fetched over http")
  }
}
