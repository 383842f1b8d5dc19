import Foundation
import Testing

@testable import URLResponderChainRemoteAllowlist

/// The transport's own reader of a response (RFC 9112), byte for byte, whole and in pieces.
@Suite struct HTTPResponseReaderTests {
  private static let good = #"{"version": 1, "allow": ["example.com"]}"#

  /// The exchange read from `text`, fed `piece` bytes at a time, then the end of the connection.
  private func read(_ text: String, piece: Int = .max, byteLimit: Int = 10_000) throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    var reader = HTTPResponseReader(byteLimit: byteLimit)
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + piece)
      if let exchange = try reader.read(bytes[start..<end]) { return exchange }
      start = end
    }
    return try reader.end()
  }

  private func chunked(_ body: String, trailer: String = "") -> String {
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
      + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n" + trailer + "\r\n"
  }

  @Test(arguments: [1, 3, 7, 4096])
  func aChunkedBodyWithTrailersIsReadAndTheTrailersDiscarded(piece: Int) throws {
    let exchange = try read(chunked(Self.good, trailer: "X-Checksum: 1\r\nContent-Type: text/html\r\n"), piece: piece)
    #expect(exchange.status == 200)
    #expect(exchange.body == Data(Self.good.utf8))
    #expect(exchange.headers["content-type"] == "application/json", "a trailer never changes a header field")
    #expect(exchange.headers["x-checksum"] == nil)
  }

  @Test(arguments: [1, 5, 4096])
  func aContentLengthBodyIsReadToItsLength(piece: Int) throws {
    let text = "HTTP/1.1 200 OK\r\nContent-Length: \(Self.good.utf8.count)\r\n\r\n\(Self.good)trailing junk"
    #expect(try read(text, piece: piece).body == Data(Self.good.utf8))
  }

  @Test func differingLengthsAreKeptForTheResponseCheckToRefuse() throws {
    let text = "HTTP/1.1 200 OK\r\nContent-Length: 59\r\nContent-Length: 52\r\n\r\n\(Self.good)"
    let exchange = try read(text)
    #expect(exchange.headers["content-length"] == "59, 52")
    #expect(AllowlistResponseCheck.framingProblem(exchange.headers) != nil)
  }

  @Test func interimResponsesAreSkipped() throws {
    let text = "HTTP/1.1 100 Continue\r\nX-A: 1\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"
    let exchange = try read(text)
    #expect(exchange.status == 200 && exchange.headers["x-a"] == nil && exchange.body == Data("{}".utf8))
  }

  @Test func aBodyWithoutFramingRunsToTheEndOfTheConnection() throws {
    #expect(try read("HTTP/1.1 200 OK\r\n\r\n\(Self.good)").body == Data(Self.good.utf8))
  }

  @Test func repeatedFieldsAreJoined() throws {
    let exchange = try read("HTTP/1.1 304 Not Modified\r\nCache-Control: max-age=1\r\ncache-control: public\r\n\r\n")
    #expect(exchange.headers["cache-control"] == "max-age=1, public")
  }

  @Test(arguments: [
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nshort", "incomplete"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n", "incomplete"),  // no last chunk
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n", "incomplete"),  // chunk too long
    ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}", "incomplete"),
    ("HTTP/1.1 200 OK\r\nContent", "incomplete"),
    ("", "unreachable"),
    ("SSH-2.0-OpenSSH_9.6\r\n", "incomplete"),
    ("HTTP/1.1 200 OK\r\n folded: value\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nName : value\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nA: b\rc\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 20000\r\n\r\n", "tooLarge"),
    // RFC 9110 §5.5: a NUL in a field value is refused, wherever it stands in the value.
    ("HTTP/1.1 200 OK\r\nCache-Control: no-store\0\r\nContent-Length: 2\r\n\r\n{}", "malformed"),
    ("HTTP/1.1 200 OK\r\nCache-Control: \0max-age=86400\r\nContent-Length: 2\r\n\r\n{}", "malformed"),
    ("HTTP/1.1 304 Not Modified\r\nETag: \"a\0b\"\r\n\r\n", "malformed"),
    // RFC 9112 §7.1: `chunk-size = 1*HEXDIG`: no sign, no prefix, no white space before it.
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+2\r\n{}\r\n0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n-0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n+0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0x2\r\n{}\r\n0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n 2\r\n{}\r\n0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n;a=b\r\n{}\r\n0\r\n\r\n", "malformed"),
    // RFC 9112 §2.2: a bare CR is refused in a chunk's lines as in the header section's.
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;a=b\rc\r\n{}\r\n0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\r\n0\r\n\r\n", "malformed"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0;a=\rb\r\n\r\n", "malformed"),
  ])
  func whatIsNotAWholeResponseFailsWithAReason(text: String, kind: String) {
    do {
      let exchange = try read(text)
      Issue.record("read \(exchange)")
    } catch {
      let found =
        switch error {
        case .incompleteResponse: "incomplete"
        case .unreachable: "unreachable"
        case .malformedResponse: "malformed"
        case .tooLarge: "tooLarge"
        default: "\(error)"
        }
      #expect(found == kind, "\(text.debugDescription): \(error)")
    }
  }

  @Test func aBodyPastTheByteLimitIsRefusedAsItArrives() {
    let body = String(repeating: "x", count: 5_000)
    #expect(throws: RemoteAllowlistFailure.tooLarge(limit: 1_000)) {
      try read(chunked(body), piece: 512, byteLimit: 1_000)
    }
    #expect(throws: RemoteAllowlistFailure.tooLarge(limit: 1_000)) {
      try read("HTTP/1.1 200 OK\r\n\r\n" + body, piece: 512, byteLimit: 1_000)
    }
  }

  /// A body of exactly the byte limit is whole, however it is framed.
  @Test(arguments: [1, 7, 4096])
  func aBodyOfExactlyTheByteLimitIsRead(piece: Int) throws {
    let limit = Self.good.utf8.count
    let framings = [
      "HTTP/1.1 200 OK\r\nContent-Length: \(limit)\r\n\r\n\(Self.good)",
      chunked(Self.good),
      "HTTP/1.1 200 OK\r\n\r\n\(Self.good)",
    ]
    for text in framings {
      #expect(try read(text, piece: piece, byteLimit: limit).body == Data(Self.good.utf8), "\(text.debugDescription)")
    }
  }

  /// Chunk extensions (`;name`, `;name=value`, quoted, after white space) are read past.
  @Test(arguments: [1, 4096])
  func chunkExtensionsAreReadPast(piece: Int) throws {
    let text =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "1;name=value\r\n{\r\n1 ;a;b=\"x;y\"\r\n}\r\n0;last\r\n\r\n"
    #expect(try read(text, piece: piece).body == Data("{}".utf8))
  }

  /// A response without a body (RFC 9112 §6.3: a 304 or 204 ends with its header section,
  /// whatever its `Content-Length` says) is whole as soon as its head is: waiting for a body
  /// the server never sends hangs until the request times out.
  @Test(arguments: [304, 204])
  func aResponseWithoutABodyIsWholeAtTheEndOfItsHead(status: Int) throws {
    var reader = HTTPResponseReader(byteLimit: 10_000)
    let head = "HTTP/1.1 \(status) No Body\r\nETag: \"1\"\r\nContent-Length: 52\r\n\r\n"
    let exchange = try reader.read(Array(head.utf8))
    #expect(exchange?.status == status, "the response is whole without waiting for the connection")
    #expect(exchange?.body.isEmpty == true)
  }

  /// A line that never ends is refused once it is longer than the header section may be,
  /// while it arrives: it is not kept growing until the connection ends.
  @Test(arguments: ["", "HTTP/1.1 200 OK\r\nX-Pad: "])
  func aLineWithoutItsEndIsRefusedOnceTooLong(before: String) {
    var reader = HTTPResponseReader(byteLimit: 10_000)
    let piece = Array(repeating: UInt8(ascii: "a"), count: 4096)
    var sent = 0
    do {
      _ = try reader.read(Array(before.utf8))
      while sent <= 4 * AllowlistResponseCheck.headerByteLimit {
        _ = try reader.read(piece)
        sent += piece.count
      }
      Issue.record("\(sent) bytes of one line were kept")
    } catch {
      if case .malformedResponse = error {
        #expect(sent <= AllowlistResponseCheck.headerByteLimit, "refused as soon as it was too long")
      } else {
        Issue.record("\(error)")
      }
    }
  }

  @Test func aHeaderSectionPastItsLimitIsRefused() {
    let field = "X-Pad: " + String(repeating: "a", count: 1_000) + "\r\n"
    let text = "HTTP/1.1 200 OK\r\n" + String(repeating: field, count: 70) + "\r\n{}"
    #expect(throws: RemoteAllowlistFailure.self) { try read(text, piece: 999) }
  }
}
