import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// Origin pinning through real URLSession: a second loopback server plays the other origin.
@Suite(.timeLimit(.minutes(3))) struct RemoteAllowlistRedirectTests {
  static let good = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)
  static let evil = Data(#"{"version": 1, "allow": ["evil.example"]}"#.utf8)

  private func configuration(_ server: LoopbackHTTPServer, cache: URL) -> RemoteAllowlistConfiguration {
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list"))
    configuration.cacheLocation = .directory(cache)
    // Request counts are asserted: a generous timeout keeps a loaded machine from adding a retry.
    configuration.requestTimeout = .seconds(300)
    configuration.fetchTimeout = .seconds(600)
    return configuration
  }

  private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString)")
  }

  @Test func aRedirectToAnotherOriginFailsClosedNamesTheTargetAndCachesNothing() async throws {
    let other = try LoopbackHTTPServer { _ in .ok(body: Self.evil) }
    defer { other.stop() }
    let target = other.url(path: "/evil").absoluteString
    let endpoint = try LoopbackHTTPServer { _ in .respond(status: 302, headers: ["Location": target], body: Data()) }
    defer { endpoint.stop() }
    let cache = temporaryDirectory()
    let remote = try RemoteAllowlist(configuration: configuration(endpoint, cache: cache))
    guard case .unavailable(.redirectRefused(let reason)) = await remote.checked("https://evil.example/x") else {
      Issue.record("the other origin's list was used")
      return
    }
    #expect(reason.contains(target))
    #expect(other.requests.isEmpty, "the other origin was never asked")
    #expect(!FileManager.default.fileExists(atPath: cache.path), "nothing was cached")
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func aSameOriginMoveIsFollowed(status: Int) async throws {
    let moving = try LoopbackHTTPServer { request in
      request.path == "/list"
        ? .respond(
          status: status, headers: ["Location": "http://127.0.0.1:\(sameOriginPort(request))/moved"], body: Data())
        : .ok(body: Self.good, headers: ["Cache-Control": "max-age=60"])
    }
    defer { moving.stop() }
    let followed = try RemoteAllowlist(configuration: configuration(moving, cache: temporaryDirectory()))
    #expect(await followed.checked("https://example.com") == .allowed(rule: "example.com"))
    #expect(moving.requests.map(\.path) == ["/list", "/moved"])
  }

  @Test func aRelativeLocationIsRefusedRatherThanResolved() async throws {
    let server = try LoopbackHTTPServer { request in
      request.path == "/list"
        ? .respond(status: 302, headers: ["Location": "/moved"], body: Data()) : .ok(body: Self.good)
    }
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server, cache: temporaryDirectory()))
    guard case .unavailable(.redirectRefused) = await remote.checked("https://example.com") else {
      Issue.record("a relative Location was resolved")
      return
    }
    #expect(server.requests.map(\.path) == ["/list"])
  }

  @Test func theSameHostOnAnotherPortIsAnotherOrigin() async throws {
    let otherPort = try LoopbackHTTPServer { _ in .ok(body: Self.evil) }
    defer { otherPort.stop() }
    let endpoint = try LoopbackHTTPServer { _ in
      .respond(status: 307, headers: ["Location": otherPort.url(path: "/list").absoluteString], body: Data())
    }
    defer { endpoint.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(endpoint, cache: temporaryDirectory()))
    guard case .unavailable(.redirectRefused) = await remote.checked("https://evil.example") else {
      Issue.record("followed a redirect to another port")
      return
    }
    #expect(otherPort.requests.isEmpty)
  }

  @Test func aRedirectLoopStopsAfterThreeHops() async throws {
    let server = try LoopbackHTTPServer { request in
      .respond(status: 307, headers: ["Location": "http://127.0.0.1:\(sameOriginPort(request))/list"], body: Data())
    }
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server, cache: temporaryDirectory()))
    guard case .unavailable(.redirectRefused(let reason)) = await remote.checked("https://example.com") else {
      Issue.record("a redirect loop did not fail closed")
      return
    }
    #expect(reason.contains("more than 3 redirects"))
    #expect(server.requests.count == 4)
  }
}

/// The port the request was sent to, from its Host header.
private func sameOriginPort(_ request: LoopbackHTTPServer.Request) -> String {
  request.headers["host"]?.split(separator: ":").last.map(String.init) ?? "0"
}
