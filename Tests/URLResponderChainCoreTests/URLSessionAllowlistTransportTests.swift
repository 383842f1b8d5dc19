import Foundation
import LoopbackHTTPServer
import Testing
import URLResponderChainCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// libcurl sends loopback traffic through a configured proxy unless told not to.
func keepLoopbackOffProxies() {
  setenv("no_proxy", "127.0.0.1,localhost", 1)
  setenv("NO_PROXY", "127.0.0.1,localhost", 1)
}

@Suite struct URLSessionAllowlistTransportTests {
  init() { keepLoopbackOffProxies() }

  private let transport = URLSessionAllowlistTransport()

  @Test func aResponseComesBackWithStatusHeadersAndBody() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data("hello".utf8), headers: ["ETag": "\"v1\""]) }
    defer { server.stop() }
    let exchange = try await transport.send(
      URLRequest(url: server.url(path: "/list")), byteLimit: 100, timeout: .seconds(5))
    #expect(exchange.status == 200)
    #expect(exchange.headers["etag"] == "\"v1\"")
    #expect(exchange.body == Data("hello".utf8))
    #expect(server.requests.map(\.path) == ["/list"])
  }

  @Test func aRefusedConnectionIsUnreachable() async throws {
    let refusing = try RefusingLoopbackPort()
    let url = refusing.url()
    await #expect(throws: RemoteAllowlistFailure.self) {
      try await transport.send(URLRequest(url: url), byteLimit: 100, timeout: .seconds(5))
    }
    do {
      _ = try await transport.send(URLRequest(url: url), byteLimit: 100, timeout: .seconds(5))
    } catch {
      guard case .unreachable = error else { Issue.record("expected unreachable, got \(error)"); return }
    }
    withExtendedLifetime(refusing) {}
  }

  @Test func aServerThatNeverAnswersTimesOutOnTime() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }
    let start = ContinuousClock.now
    do {
      _ = try await transport.send(URLRequest(url: server.url()), byteLimit: 100, timeout: .milliseconds(300))
      Issue.record("expected a timeout")
    } catch {
      #expect(error == .timedOut)
    }
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  @Test func aDeclaredOversizedBodyIsRefused() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(count: 10_000)) }
    defer { server.stop() }
    await #expect(throws: RemoteAllowlistFailure.tooLarge(limit: 1_000)) {
      try await transport.send(URLRequest(url: server.url()), byteLimit: 1_000, timeout: .seconds(5))
    }
  }

  @Test func anUndeclaredOversizedBodyStopsBeingReadAtTheLimit() async throws {
    let body = Data(count: 200_000)
    let server = try LoopbackHTTPServer { _ in
      .trickle(status: 200, headers: [:], body: body, pieces: 50, pause: .milliseconds(100), declaresLength: false)
    }
    defer { server.stop() }
    let start = ContinuousClock.now
    await #expect(throws: RemoteAllowlistFailure.tooLarge(limit: 10_000)) {
      try await transport.send(URLRequest(url: server.url()), byteLimit: 10_000, timeout: .seconds(10))
    }
    // Fifty pieces at 100 ms would take five seconds; the limit is passed in the first few.
    #expect(ContinuousClock.now - start < .seconds(3))
  }

  @Test func cancellingTheCallerCancelsTheRequest() async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }
    let task = Task { try await transport.send(URLRequest(url: server.url()), byteLimit: 100, timeout: .seconds(30)) }
    while server.requests.isEmpty { await Task.yield() }
    task.cancel()
    await #expect(throws: RemoteAllowlistFailure.cancelled) { try await task.value }
  }
}
