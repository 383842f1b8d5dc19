import Foundation
import LoopbackHTTPServer
import URLResponderChainTesting

@testable import URLResponderChainCore

/// A one-shot signal a test can await instead of sleeping.
@MainActor
final class Gate {
  private(set) var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Waits until the gate opens, or until the test is cancelled (its time limit), so that a
  /// gate that never opens fails the test instead of hanging the run.
  func waitUnlessCancelled() async {
    await withTaskCancellationHandler {
      await wait()
    } onCancel: {
      Task { @MainActor in self.open() }
    }
  }
}

/// A node with a settable successor; the test handlers below build on it.
@MainActor
class Linked: ResponderChainNode {
  var next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)? = nil) { self.next = next }
  var nextNode: (any ResponderChainNode)? { next }
}

/// A plain node that is not a handler.
final class Node: Linked {}

/// An `AsyncURLHandler` that answers without suspending: the walk awaits it all the same.
final class ImmediateHandler: Linked, AsyncURLHandler {
  let decision: URLHandlingDecision
  private(set) var calls = 0
  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }
  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    return decision
  }
}

/// A handler that defers until the test releases it, and records what it saw.
final class DeferringHandler: Linked, AsyncURLHandler {
  var decision: URLHandlingDecision
  let entered = Gate()
  let release = Gate()
  private(set) var calls = 0
  private(set) var sawCancellation = false
  private(set) var receivedURLs: [URL] = []
  private(set) var contexts: [URLHandlingContext] = []

  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    receivedURLs.append(url)
    contexts.append(context)
    entered.open()
    let release = self.release
    await withTaskCancellationHandler {
      await release.wait()
    } onCancel: {
      Task { @MainActor in release.open() }
    }
    sawCancellation = Task.isCancelled
    return decision
  }
}

/// A handler that ignores cancellation and answers only when the test says so, if ever.
final class StubbornHandler: Linked, AsyncURLHandler {
  let entered = Gate()
  let answeredLate = Gate()
  private var continuations: [UnsafeContinuation<Void, Never>] = []
  private(set) var calls = 0
  private(set) var answered = 0

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    entered.open()
    await withUnsafeContinuation { continuations.append($0) }
    answered += 1
    answeredLate.open()
    return .handled
  }

  /// Lets every pending call answer (late), to show the answer is ignored.
  func answerLate() {
    for continuation in continuations { continuation.resume() }
    continuations = []
  }
}

/// Counts completion calls and lets a test await the first one.
@MainActor
final class CompletionRecorder {
  private(set) var results: [URLPropagationResult] = []
  private(set) var ranOnMainQueue: [Bool] = []
  private let first = Gate()

  var completion: @MainActor @Sendable (URLPropagationResult) -> Void {
    { [self] result in
      results.append(result)
      ranOnMainQueue.append(MainQueueProbe.isOnMainQueue)
      first.open()
    }
  }

  func firstResult() async -> URLPropagationResult {
    await first.wait()
    return results[0]
  }
}

let exampleURL = URL(string: "https://example.com/article")!

/// Tells whether code runs on the main dispatch queue, the main actor's executor, without trapping.
enum MainQueueProbe {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A loopback server's replies, in order; the last one repeats.
final class ReplyScript: Sendable {
  private let replies: LockedValue<[LoopbackHTTPServer.Reply]>
  init(_ replies: [LoopbackHTTPServer.Reply]) { self.replies = LockedValue(replies) }
  func next() -> LoopbackHTTPServer.Reply {
    replies.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A port on 127.0.0.1 that refuses every connection for as long as this value lives: a TCP
/// socket bound to it that never listens. Unlike the port of a stopped server, no test
/// running in parallel can start a server on it meanwhile.
final class RefusingLoopbackPort {
  let port: UInt16
  private let socket: Int32

  init() throws {
    #if canImport(Glibc)
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
      }
    }
    guard bound else {
      close(socket)
      throw POSIXError(.EADDRINUSE)
    }
    self.socket = socket
    port = UInt16(bigEndian: address.sin_port)
  }

  deinit { close(socket) }

  /// `http://127.0.0.1:PORT` + `path`.
  func url(path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
}

/// A seeded generator (SplitMix64), so that a failing random case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
