#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking
  import URLResponderChainCore
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Sends allowlist requests to an `http:` endpoint (a loopback address: the endpoint
  /// policy allows `http` nowhere else) over a socket of its own, reading the response with
  /// ``HTTPResponseReader``.
  ///
  /// Why not `URLSession` here: on Linux, FoundationNetworking stops the process ("Transfer
  /// completed, but there's no response") when a chunked body ends with a trailer field
  /// (RFC 9112 §7.1.2): libcurl hands it the trailer as a header line after the head was
  /// complete. A list server, or anything that answers on its port, could crash the app or
  /// `url-allowlist` so. Over `https`, FoundationNetworking is the only TLS at hand without a
  /// dependency, so `URLSessionAllowlistTransport` still sends those requests.
  struct SocketAllowlistTransport: AllowlistTransport {
    /// What the request's deadline is waited on.
    let clock: WaitClock

    func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
      -> HTTPExchange
    {
      let connection = SocketConnection()
      let result: Result<HTTPExchange, RemoteAllowlistFailure> = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let deadline = Task { [clock] in
            do {
              try await clock.sleep(timeout)
            } catch {
              return  // cancelled: the exchange ended first
            }
            connection.abort(.timedOut)
          }
          // Blocking reads, on a thread of their own: never one of the concurrency pool's.
          Thread.detachNewThread {
            let result = connection.exchange(request, byteLimit: byteLimit)
            deadline.cancel()
            continuation.resume(returning: result)
          }
        }
      } onCancel: {
        connection.abort(.cancelled)
      }
      return try result.get()
    }
  }

  /// One connection: its socket, and why it was given up, if it was.
  private final class SocketConnection: @unchecked Sendable {
    // `@unchecked`: `socket` and `abortion` are read and written under `lock` only. The
    // exchange runs on its own thread while a timeout or a cancellation aborts it from another.
    private let lock = NSLock()
    private var socket: Int32 = -1
    private var abortion: RemoteAllowlistFailure?

    /// Gives the exchange up: a blocked read returns at once, and the exchange ends with `reason`.
    func abort(_ reason: RemoteAllowlistFailure) {
      lock.withLock {
        guard abortion == nil else { return }
        abortion = reason
        if socket >= 0 { _ = Glibc.shutdown(socket, Int32(SHUT_RDWR)) }
      }
    }

    func exchange(_ request: URLRequest, byteLimit: Int) -> Result<HTTPExchange, RemoteAllowlistFailure> {
      let result: Result<HTTPExchange, RemoteAllowlistFailure>
      do throws(RemoteAllowlistFailure) {
        result = .success(try perform(request, byteLimit: byteLimit))
      } catch {
        result = .failure(error)
      }
      let abortion = lock.withLock { () -> RemoteAllowlistFailure? in
        if socket >= 0 { _ = close(socket) }
        socket = -1
        return self.abortion
      }
      return abortion.map { .failure($0) } ?? result
    }

    private func perform(_ request: URLRequest, byteLimit: Int) throws(RemoteAllowlistFailure) -> HTTPExchange {
      guard let url = request.url, let host = url.host(percentEncoded: false) else {
        throw .unreachable("the request has no host")
      }
      let port = url.port ?? 80
      try connect(host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port)
      try write(Self.head(of: request, url: url, host: host, port: port))
      var reader = HTTPResponseReader(byteLimit: byteLimit)
      var chunk = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        let fd = lock.withLock { socket }
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count < 0 {
          if errno == EINTR { continue }
          let detail = String(cString: strerror(errno))
          throw reader.headReceived ? .incompleteResponse(detail) : .unreachable(detail)
        }
        if count == 0 { return try reader.end() }
        if let exchange = try reader.read(chunk[0..<count]) { return exchange }
      }
    }

    private func connect(host: String, port: Int) throws(RemoteAllowlistFailure) {
      var hints = addrinfo()
      hints.ai_family = AF_UNSPEC
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
      var list: UnsafeMutablePointer<addrinfo>?
      let status = getaddrinfo(host, String(port), &hints, &list)
      guard status == 0, let first = list else {
        throw .unreachable("\(host) could not be resolved (\(String(cString: gai_strerror(status))))")
      }
      defer { freeaddrinfo(list) }
      var lastError = ECONNREFUSED
      var candidate: UnsafeMutablePointer<addrinfo>? = first
      while let address = candidate {
        candidate = address.pointee.ai_next
        let fd = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard fd >= 0 else { continue }
        let aborted = lock.withLock { () -> Bool in
          if abortion != nil { return true }
          socket = fd
          return false
        }
        if aborted {
          _ = close(fd)
          throw .cancelled
        }
        if Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return }
        lastError = errno
        lock.withLock {
          _ = close(fd)
          socket = -1
        }
      }
      throw .unreachable("\(host):\(port): \(String(cString: strerror(lastError)))")
    }

    private func write(_ bytes: [UInt8]) throws(RemoteAllowlistFailure) {
      var sent = 0
      while sent < bytes.count {
        let fd = lock.withLock { socket }
        let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if count < 0 {
          if errno == EINTR { continue }
          throw .unreachable("the request could not be sent (\(String(cString: strerror(errno))))")
        }
        sent += count
      }
    }

    /// The request's head: `GET`, its path and query, `Host`, its header fields (none that
    /// could split the head), and `Connection: close`, which ends an unframed body.
    private static func head(of request: URLRequest, url: URL, host: String, port: Int) -> [UInt8] {
      var path = url.path(percentEncoded: true)
      if path.isEmpty { path = "/" }
      if let query = url.query(percentEncoded: true) { path += "?" + query }
      var head = "\(request.httpMethod ?? "GET") \(path) HTTP/1.1\r\nHost: \(host)\(port == 80 ? "" : ":\(port)")\r\n"
      for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
        let lowered = name.lowercased()
        guard lowered != "host", lowered != "connection",
          !(name + value).utf8.contains(where: { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") })
        else { continue }
        head += "\(name): \(value)\r\n"
      }
      head += "Connection: close\r\n\r\n"
      return Array(head.utf8)
    }
  }
#endif
