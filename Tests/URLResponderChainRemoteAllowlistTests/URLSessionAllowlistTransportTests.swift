import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct URLSessionAllowlistTransportTests {
  /// The transport, through `URLSession` or (on Linux, for `http:`) its own socket: every
  /// test runs on both paths.
  private func transport(_ socket: Bool) -> URLSessionAllowlistTransport {
    URLSessionAllowlistTransport(clock: ContinuousClock(), usesSocketForPlainHTTP: socket)
  }

  @Test(arguments: [false, true]) func aResponseComesBackWithStatusHeadersAndBody(socket: Bool) async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data("hello".utf8), headers: ["ETag": "\"v1\""]) }
    defer { server.stop() }
    let exchange = try await transport(socket).send(
      URLRequest(url: server.url(path: "/list")), byteLimit: 100, timeout: .seconds(30))
    #expect(exchange.status == 200)
    #expect(exchange.headers["etag"] == "\"v1\"")
    #expect(exchange.body == Data("hello".utf8))
    #expect(server.requests.map(\.path) == ["/list"])
  }

  /// One session carries every request of a transport: requests close together come on one
  /// connection instead of paying for TCP (and, over https, TLS) each time.
  @Test func requestsCloseTogetherShareOneConnection() async throws {
    let server = try LoopbackHTTPServer(keepsConnectionsOpen: true) { _ in .ok(body: Data("hello".utf8)) }
    defer { server.stop() }
    let transport = transport(false)
    for _ in 0..<3 {
      let exchange = try await transport.send(
        URLRequest(url: server.url(path: "/list")), byteLimit: 100, timeout: .seconds(30))
      #expect(exchange.body == Data("hello".utf8))
    }
    #expect(server.requests.map(\.connection) == [1, 1, 1])
  }

  @Test(arguments: [false, true]) func aRefusedConnectionIsUnreachable(socket: Bool) async throws {
    let refusing = try RefusingLoopbackPort()
    let url = refusing.url()
    await #expect(throws: RemoteAllowlistFailure.self) {
      try await transport(socket).send(URLRequest(url: url), byteLimit: 100, timeout: .seconds(30))
    }
    do {
      _ = try await transport(socket).send(URLRequest(url: url), byteLimit: 100, timeout: .seconds(30))
    } catch {
      guard case .unreachable = error else { Issue.record("expected unreachable, got \(error)"); return }
    }
    withExtendedLifetime(refusing) {}
  }

  @Test(arguments: [false, true]) func aServerThatNeverAnswersTimesOutOnTime(socket: Bool) async throws {
    let server = try LoopbackHTTPServer { _ in .hang }
    defer { server.stop() }
    // The request's deadline waits on a clock the test moves: exactly the timeout, whatever
    // the machine's load. The timeout is long because URLSession's own backstop (the
    // request's `timeoutInterval`, the same timeout rounded up to whole seconds) runs in real
    // time: a short one could fire before a loaded machine starts the deadline, which would
    // then never sleep on the clock this test waits on.
    let clock = ManualClock()
    let timed = URLSessionAllowlistTransport(clock: clock, usesSocketForPlainHTTP: socket)
    let send = Task {
      try await timed.send(URLRequest(url: server.url()), byteLimit: 100, timeout: .seconds(120))
    }
    await clock.sleepers(atLeast: 1)
    #expect(clock.requestedSleeps == [.seconds(120)])
    clock.advance(by: .seconds(120))
    do {
      _ = try await send.value
      Issue.record("expected a timeout")
    } catch {
      #expect(error as? RemoteAllowlistFailure == .timedOut)
    }
  }

  @Test(arguments: [false, true]) func aDeclaredOversizedBodyIsRefused(socket: Bool) async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(count: 10_000)) }
    defer { server.stop() }
    await #expect(throws: RemoteAllowlistFailure.tooLarge(limit: 1_000)) {
      try await transport(socket).send(URLRequest(url: server.url()), byteLimit: 1_000, timeout: .seconds(30))
    }
  }

  @Test(arguments: [false, true]) func anUndeclaredOversizedBodyStopsBeingReadAtTheLimit(socket: Bool) async throws {
    // A thousand pieces at 200 ms take over three minutes, far past the 60 s deadline. A
    // transport that read the whole body before checking its size would time out; only one
    // that stops at the limit (within the first three pieces) answers `.tooLarge`. No clock
    // reading is needed, so a loaded machine cannot fail this test.
    let server = try LoopbackHTTPServer { _ in
      .trickle(
        status: 200, headers: [:], body: Data(count: 4_000_000), pieces: 1_000, pause: .milliseconds(200),
        declaresLength: false)
    }
    defer { server.stop() }
    await #expect(throws: RemoteAllowlistFailure.tooLarge(limit: 10_000)) {
      try await transport(socket).send(URLRequest(url: server.url()), byteLimit: 10_000, timeout: .seconds(60))
    }
  }

  @Test(arguments: [false, true]) func cancellingTheCallerCancelsTheRequest(socket: Bool) async throws {
    // The server's thread says when the request arrived; the test awaits that, not a guess.
    let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    let server = try LoopbackHTTPServer { _ in
      arrived.yield()
      return .hang
    }
    defer { server.stop() }
    let task = Task {
      try await transport(socket).send(URLRequest(url: server.url()), byteLimit: 100, timeout: .seconds(30))
    }
    var iterator = arrivals.makeAsyncIterator()
    _ = await iterator.next()
    task.cancel()
    await #expect(throws: RemoteAllowlistFailure.cancelled) { try await task.value }
  }
}
