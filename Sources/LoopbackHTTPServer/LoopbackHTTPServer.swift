public import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests and the demo: one scripted response per
/// request, every request recorded. It never listens on anything but the loopback address.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request in .ok(body: Data(#"{"version":1,"allow":[]}"#.utf8)) }
/// defer { server.stop() }
/// let endpoint = server.url(path: "/allowlist.json")
/// print(endpoint)   // http://127.0.0.1:PORT/allowlist.json
/// ```
public final class LoopbackHTTPServer: @unchecked Sendable {
  // `@unchecked`: the mutable state (requests, stopped) is guarded by `lock`; the socket is
  // written once in `init` and closed once in `stop`.

  /// A request as the server read it.
  public struct Request: Sendable {
    /// The method, e.g. `GET`.
    public let method: String
    /// The request target, e.g. `/allowlist.json`.
    public let path: String
    /// Header fields with lowercased names.
    public let headers: [String: String]
    /// Which connection the request came on: 1 for the first the server accepted, 2 for the
    /// next. Requests with the same number shared a connection (a server made with
    /// `keepsConnectionsOpen`).
    public let connection: Int
  }

  /// What the server does with one request.
  public enum Reply: Sendable {
    /// Answers with a status, headers and body, then closes the connection (or, on a server
    /// that keeps connections open, waits on it for the next request).
    case respond(status: Int, headers: [String: String], body: Data)
    /// Sends the head and then `body` in pieces with a pause between them. With
    /// `declaresLength` false there is no `Content-Length`: the body ends when the
    /// connection closes, so only the client can stop reading early.
    case trickle(
      status: Int, headers: [String: String], body: Data, pieces: Int, pause: Duration, declaresLength: Bool = true)
    /// Sends `bytes` exactly as given (status line, headers and body, however malformed),
    /// then closes the connection: for broken chunking, lying lengths and oversized heads.
    case raw(Data)
    /// Accepts the connection and never answers (until the server stops).
    case hang
    /// Closes the connection without answering.
    case close

    /// `200 OK` with a JSON body and optional extra headers.
    public static func ok(body: Data, headers: [String: String] = [:]) -> Reply {
      .respond(status: 200, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: body)
    }
  }

  /// The port the server listens on.
  public let port: UInt16
  private let socket: Int32
  private let lock = NSLock()
  private let respond: @Sendable (Request) -> Reply
  private var recorded: [Request] = []
  private var stopped = false
  private var listenerClosed = false
  private var isListening = false
  private var openConnections: Set<Int32> = []
  private var acceptedConnections = 0
  private let keepsConnectionsOpen: Bool

  /// Starts listening on 127.0.0.1 on a free port.
  ///
  /// - Parameters:
  ///   - listening: `false` takes the port without listening, so connections to it are refused
  ///     (a server that is down) until ``startListening()``.
  ///   - keepsConnectionsOpen: `true` answers a ``Reply/respond(status:headers:body:)`` without
  ///     `Connection: close` and reads the next request on the same connection, as a real
  ///     server does, so a test can see whether a client reuses its connections.
  ///   - respond: Decides each reply; called on a background thread.
  public init(
    listening: Bool = true, keepsConnectionsOpen: Bool = false, respond: @escaping @Sendable (Request) -> Reply
  ) throws {
    Self.keepLoopbackOffProxies()
    self.respond = respond
    self.keepsConnectionsOpen = keepsConnectionsOpen
    #if canImport(Darwin)
      let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #else
      let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { throw POSIXError(.EIO) }
    if listening {
      // Not for a server that starts down: on Linux, two sockets with SO_REUSEADDR may bind the
      // same port while neither listens, and another test's server could answer on ours.
      var reuse: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    socket = fd
    port = UInt16(bigEndian: address.sin_port)
    if listening { try startListening() }
  }

  /// Makes `URLSession` reach 127.0.0.1 directly: libcurl sends loopback traffic through a
  /// configured proxy unless `no_proxy` names it. Every server calls it; a client of a port
  /// that no server holds calls it too.
  public static func keepLoopbackOffProxies() { _ = loopbackProxyBypass }

  /// Starts accepting connections: a server created with `listening: false` comes up, on the
  /// same port. Does nothing if it already listens or was stopped.
  public func startListening() throws {
    let started = try lock.withLock {
      guard !isListening, !stopped else { return false }
      guard listen(socket, 128) == 0 else { throw POSIXError(.EADDRINUSE) }
      isListening = true
      return true
    }
    guard started else { return }
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// A URL on this server.
  public func url(path: String = "/") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path.hasPrefix("/") ? path : "/" + path)")!
  }

  /// Every request received so far, in order.
  public var requests: [Request] { lock.withLock { recorded } }

  /// Stops listening and closes every open connection, including hanging ones.
  public func stop() {
    // Descriptors are shut down here but closed only by the threads using them, and both
    // happen under the lock, so a descriptor number another server reuses is never touched.
    lock.withLock {
      guard !stopped else { return }
      stopped = true
      if !isListening {
        // No accept loop owns the descriptor: close it here.
        listenerClosed = true
        close(socket)
      } else if !listenerClosed {
        shutdown(socket, Int32(SHUT_RDWR))
      }
      for connection in openConnections { shutdown(connection, Int32(SHUT_RDWR)) }
    }
  }

  deinit { stop() }

  private func acceptLoop() {
    defer {
      lock.withLock {
        listenerClosed = true
        close(socket)
      }
    }
    while true {
      let connection = accept(socket, nil, nil)
      if connection < 0 { return }
      #if canImport(Darwin)
        // Darwin has no MSG_NOSIGNAL: a client that hangs up must not kill the test process.
        var noSignal: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
      #endif
      let ordinal = lock.withLock { () -> Int? in
        guard !stopped else {
          close(connection)
          return nil
        }
        openConnections.insert(connection)
        acceptedConnections += 1
        return acceptedConnections
      }
      guard let ordinal else { return }
      let thread = Thread { [self] in serve(connection, ordinal: ordinal) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32, ordinal: Int) {
    defer {
      lock.withLock {
        openConnections.remove(connection)
        close(connection)
      }
    }
    var unread = Data()
    while let request = readRequest(connection, ordinal: ordinal, unread: &unread) {
      lock.withLock { recorded.append(request) }
      guard answer(respond(request), on: connection) else { return }
    }
  }

  /// Sends `reply`; returns whether the connection may carry another request.
  private func answer(_ reply: Reply, on connection: Int32) -> Bool {
    switch reply {
    case .respond(let status, let headers, let body):
      let sent = send(connection, head(status: status, headers: headers, length: body.count, staysOpen: true) + body)
      return sent && keepsConnectionsOpen
    case .trickle(let status, let headers, let body, let pieces, let pause, let declaresLength):
      send(connection, head(status: status, headers: headers, length: declaresLength ? body.count : nil))
      let size = max(1, (body.count + max(1, pieces) - 1) / max(1, pieces))
      var offset = 0
      while offset < body.count {
        Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
        let end = min(body.count, offset + size)
        guard send(connection, body.subdata(in: offset..<end)) else { return false }
        offset = end
      }
    case .raw(let bytes):
      send(connection, bytes)
    case .hang:
      var byte: UInt8 = 0
      _ = recv(connection, &byte, 1, 0)  // returns when the client or `stop()` closes
    case .close:
      break
    }
    return false
  }

  /// The status line and header fields; `Connection: close` unless the reply may leave the
  /// connection open (`staysOpen`) on a server that keeps connections open.
  private func head(status: Int, headers: [String: String], length: Int?, staysOpen: Bool = false) -> Data {
    var lines = ["HTTP/1.1 \(status) \(Self.reason(status))"]
    if !(staysOpen && keepsConnectionsOpen) { lines.append("Connection: close") }
    if let length { lines.append("Content-Length: \(length)") }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-length" {
      lines.append("\(name): \(value)")
    }
    return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }

  @discardableResult
  private func send(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { raw in
      var sent = 0
      while sent < raw.count {
        #if canImport(Darwin)
          let n = Darwin.send(connection, raw.baseAddress! + sent, raw.count - sent, 0)
        #else
          let n = Glibc.send(connection, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        #endif
        if n <= 0 { return false }
        sent += n
      }
      return true
    }
  }

  /// Reads one request head; bytes past it (the next request's, on a kept connection) stay in `unread`.
  private func readRequest(_ connection: Int32, ordinal: Int, unread buffer: inout Data) -> Request? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let terminator = Data("\r\n\r\n".utf8)
    while buffer.range(of: terminator) == nil {
      let n = recv(connection, &chunk, chunk.count, 0)
      if n <= 0 || buffer.count > 64 * 1024 { return nil }
      buffer.append(contentsOf: chunk[0..<n])
    }
    guard let end = buffer.range(of: terminator)?.upperBound else { return nil }
    let headBytes = buffer[buffer.startIndex..<end]
    buffer = Data(buffer[end...])
    guard let text = String(data: headBytes, encoding: .utf8) else { return nil }
    let lines = text.components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Request(method: String(parts[0]), path: String(parts[1]), headers: headers, connection: ordinal)
  }
}

/// Set once, and only when a proxy is configured. `setenv` while another thread reads the
/// environment can crash it: Foundation reads `XDG_CACHE_HOME` whenever a session
/// configuration is made, so this runs once, the first time a server starts, not per test.
private let loopbackProxyBypass: Void = {
  let proxies = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
  guard proxies.contains(where: { getenv($0) != nil }) else { return }
  setenv("no_proxy", "127.0.0.1,localhost", 1)
  setenv("NO_PROXY", "127.0.0.1,localhost", 1)
}()
