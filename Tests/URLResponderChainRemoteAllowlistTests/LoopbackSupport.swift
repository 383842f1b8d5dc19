import Foundation
import LoopbackHTTPServer
import TestSupport
import URLResponderChainCore

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
    LoopbackHTTPServer.keepLoopbackOffProxies()
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
