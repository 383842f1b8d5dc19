import Foundation
import URLResponderChainCore

/// Reads one HTTP/1.1 response from the bytes of a connection as RFC 9112 frames it: the
/// status line, the header section, and a body delimited by `Transfer-Encoding: chunked`
/// (its trailer section read and discarded, §7.1.2), by `Content-Length`, or by the end of
/// the connection (§6.3). Interim (1xx) responses are skipped.
///
/// Portable and without I/O: ``SocketAllowlistTransport`` feeds it what a socket reads. The
/// framing it cannot vouch for is left to ``AllowlistResponseCheck``, which sees the header
/// fields as sent: `Content-Length` values that differ, or one with `Transfer-Encoding`, make
/// the body read to the end of the connection and the response refused.
struct HTTPResponseReader {
  /// What is read but not yet consumed.
  private var buffer: [UInt8] = []
  private var position = 0
  private var state = State.statusLine
  private var status = 0
  private var fields: [(name: String, value: String)] = []
  private var headerBytes = 0
  private var body: [UInt8] = []
  private let byteLimit: Int

  private enum State {
    case statusLine, fieldLine, body(Framing), chunkSize, chunkData(remaining: Int), chunkEnd, trailerLine, done
  }

  private enum Framing {
    case length(Int)
    case toClose
  }

  /// - Parameter byteLimit: The most body bytes to accept; more is ``RemoteAllowlistFailure/tooLarge(limit:)``.
  init(byteLimit: Int) { self.byteLimit = byteLimit }

  /// Whether the status line and header section have been read.
  var headReceived: Bool {
    switch state {
    case .statusLine, .fieldLine: false
    default: true
    }
  }

  /// Reads `bytes`, the next bytes of the connection.
  ///
  /// - Returns: The response once it is whole, or `nil` while more is needed.
  mutating func read(_ bytes: some Collection<UInt8>) throws(RemoteAllowlistFailure) -> HTTPExchange? {
    buffer.append(contentsOf: bytes)
    try advance()
    if position > 4096 {
      buffer.removeFirst(position)
      position = 0
    }
    guard case .done = state else { return nil }
    return exchange()
  }

  /// The response when the connection ends: whole if its body runs to the end, else a failure.
  func end() throws(RemoteAllowlistFailure) -> HTTPExchange {
    switch state {
    case .done, .body(.toClose): return exchange()
    case .statusLine where buffer.count == position:
      throw .unreachable("the connection closed before a response")
    case .statusLine, .fieldLine:
      throw .incompleteResponse("the connection closed inside the response's header section")
    case .body(.length(let remaining)):
      throw .incompleteResponse("the connection closed \(remaining) bytes before the body's Content-Length")
    case .chunkSize, .chunkData, .chunkEnd, .trailerLine:
      throw .incompleteResponse("the connection closed inside the chunked body, before its last chunk")
    }
  }

  private func exchange() -> HTTPExchange {
    var headers: [String: String] = [:]
    for field in fields {
      if let earlier = headers[field.name] {
        headers[field.name] = earlier + ", " + field.value
      } else {
        headers[field.name] = field.value
      }
    }
    return HTTPExchange(status: status, headers: headers, body: Data(body))
  }

  // MARK: - Framing

  private mutating func advance() throws(RemoteAllowlistFailure) {
    while true {
      switch state {
      case .statusLine:
        guard let line = try nextLine(counting: true) else { return }
        status = try Self.status(of: line)
        state = .fieldLine
      case .fieldLine:
        guard let line = try nextLine(counting: true) else { return }
        if line.isEmpty {
          try endHead()
        } else {
          fields.append(try Self.field(line))
        }
      case .body(.length(let remaining)):
        let count = min(remaining, buffer.count - position)
        try append(count)
        guard remaining - count > 0 else {
          state = .done
          return
        }
        state = .body(.length(remaining - count))
        return
      case .body(.toClose):
        try append(buffer.count - position)
        return
      case .chunkSize:
        guard let line = try nextLine(counting: false) else { return }
        let size = try Self.chunkSize(line)
        state = size == 0 ? .trailerLine : .chunkData(remaining: size)
      case .chunkData(let remaining):
        let count = min(remaining, buffer.count - position)
        try append(count)
        guard remaining - count == 0 else {
          state = .chunkData(remaining: remaining - count)
          return
        }
        state = .chunkEnd
      case .chunkEnd:
        guard let line = try nextLine(counting: false) else { return }
        guard line.isEmpty else { throw .incompleteResponse("a chunk is longer than its size says") }
        state = .chunkSize
      case .trailerLine:
        // The trailer section is read and discarded: nothing in it is needed, and a field
        // there never changes the header fields (RFC 9112 §7.1.2, RFC 9110 §6.5.1).
        guard let line = try nextLine(counting: true) else { return }
        if line.isEmpty { state = .done }
      case .done:
        return
      }
    }
  }

  /// Chooses the body's framing once the header section ends (RFC 9112 §6.3).
  private mutating func endHead() throws(RemoteAllowlistFailure) {
    if (100..<200).contains(status) {
      // An interim response: the final one follows.
      fields = []
      state = .statusLine
      return
    }
    if status == 204 || status == 304 {
      state = .done
      return
    }
    let codings = fields.filter { HTTPFieldValue.asciiLowercased($0.name) == "transfer-encoding" }.map(\.value)
    if !codings.isEmpty {
      let last = codings.joined(separator: ",").split(separator: ",").last.map { HTTPFieldValue.trimmed($0) }
      state = last.map { HTTPFieldValue.matches($0, token: "chunked") } == true ? .chunkSize : .body(.toClose)
      return
    }
    let lengths = fields.filter { HTTPFieldValue.asciiLowercased($0.name) == "content-length" }.map(\.value)
    guard !lengths.isEmpty else { return state = .body(.toClose) }
    let values = Set(lengths.joined(separator: ",").split(separator: ",").map { HTTPFieldValue.trimmed($0) })
    // Lengths that differ: the response check refuses it; read to the end meanwhile.
    guard values.count == 1, let text = values.first, let length = Int(text), length >= 0,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return state = .body(.toClose) }
    guard length <= byteLimit else { throw .tooLarge(limit: byteLimit) }
    state = length == 0 ? .done : .body(.length(length))
  }

  /// Moves `count` buffered bytes into the body.
  private mutating func append(_ count: Int) throws(RemoteAllowlistFailure) {
    guard count > 0 else { return }
    guard body.count + count <= byteLimit else { throw .tooLarge(limit: byteLimit) }
    body.append(contentsOf: buffer[position..<position + count])
    position += count
  }

  /// The next line without its CRLF, or `nil` until one is whole. A bare CR is refused (RFC
  /// 9112 §2.2); a bare LF ends a line, as the section allows.
  private mutating func nextLine(counting: Bool) throws(RemoteAllowlistFailure) -> ArraySlice<UInt8>? {
    guard let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) else {
      if buffer.count - position > AllowlistResponseCheck.headerByteLimit {
        throw .malformedResponse("a line of its header section is longer than 64 KB")
      }
      return nil
    }
    var end = newline
    if end > position, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    let line = buffer[position..<end]
    if line.contains(UInt8(ascii: "\r")) { throw .malformedResponse("a line of its header section holds a bare CR") }
    if counting {
      headerBytes += newline + 1 - position
      if headerBytes > AllowlistResponseCheck.headerByteLimit {
        throw .malformedResponse(
          "its header fields take more than \(AllowlistResponseCheck.headerByteLimit) bytes")
      }
    }
    position = newline + 1
    return line
  }

  // MARK: - Lines

  /// The status code of `HTTP/1.x SSS reason`.
  private static func status(of line: ArraySlice<UInt8>) throws(RemoteAllowlistFailure) -> Int {
    let text = String(decoding: line, as: UTF8.self)
    let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].utf8.count == 3,
      let status = Int(parts[1]), (100...599).contains(status)
    else {
      throw .incompleteResponse("the server did not answer in HTTP/1.1: \"\(text.shownEscaped(limit: 40))\"")
    }
    return status
  }

  /// A field line, `name: value`: the name a token with no space before the colon, the value
  /// without the spaces and tabs around it. A line folded onto the one before (obs-fold) is
  /// refused (RFC 9112 §5.1, §5.2), and so is a value holding a NUL (RFC 9110 §5.5; a CR or
  /// an LF cannot reach it, the lines are split there): readers disagree on such a value, one
  /// stopping at the NUL and another reading past it, and `no-store\0` would be no directive
  /// at all to the cache, which kept the list for a day.
  private static func field(_ line: ArraySlice<UInt8>) throws(RemoteAllowlistFailure) -> (name: String, value: String) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[line.startIndex..<colon].allSatisfy(HTTPFieldValue.isTokenCharacter)
    else {
      let shown = String(decoding: line, as: UTF8.self).shownEscaped(limit: 40)
      throw .malformedResponse("its header section holds a line that is not a field: \"\(shown)\"")
    }
    guard !line[(colon + 1)...].contains(0) else {
      let shown = String(decoding: line[..<colon], as: UTF8.self).shownEscaped(limit: 40)
      throw .malformedResponse("the value of its \(shown) field holds a NUL")
    }
    let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
    let value = HTTPFieldValue.trimmed(String(decoding: line[(colon + 1)...], as: UTF8.self)[...])
    return (name, String(value))
  }

  /// A chunk's size before any `;` extension: hex digits only (`chunk-size = 1*HEXDIG`, RFC
  /// 9112 §7.1). `Int(_:radix:)` alone also reads a sign, so `+3b` and `-0` were sizes.
  private static func chunkSize(_ line: ArraySlice<UInt8>) throws(RemoteAllowlistFailure) -> Int {
    let digits = line.prefix { $0 != UInt8(ascii: ";") }
    let trimmed = digits.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
    guard !trimmed.isEmpty, trimmed.allSatisfy(\.isHexDigit) else {
      throw .malformedResponse("a chunk's size is not a hex number")
    }
    guard trimmed.count <= 15, let size = Int(String(decoding: trimmed, as: UTF8.self), radix: 16) else {
      throw .incompleteResponse("a chunk's size has more than 15 hex digits")
    }
    return size
  }
}

extension UInt8 {
  /// Whether the byte is `HEXDIG` (RFC 5234): an ASCII digit, or a letter from A to F in
  /// either case.
  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
  }
}
