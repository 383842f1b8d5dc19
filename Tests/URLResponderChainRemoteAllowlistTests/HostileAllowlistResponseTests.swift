import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// Responses a hostile or broken endpoint sends in place of the list, each through real
/// URLSession from a loopback server: every one fails closed with a readable reason, nothing
/// is written to the cache, and a good cached list is not replaced.
@Suite struct HostileAllowlistResponseTests {
  static let good = #"{"version": 1, "allow": ["example.com"]}"#

  /// One row of the table: what the server sends, and what the failure must say.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let reply: LoopbackHTTPServer.Reply
    let entryLimit: Int
    /// How long the client waits: 8 s, long enough for every row on a loaded machine (both
    /// cores busy), except the row that must run out of time, which needs 40 s and gets 1 s.
    let timeout: Duration
    /// Whether the failure is the expected kind.
    let isExpected: @Sendable (RemoteAllowlistFailure) -> Bool
    /// Words the failure's description contains (case-insensitive).
    let says: String
    var testDescription: String { name }

    init(
      _ name: String, _ reply: LoopbackHTTPServer.Reply, entryLimit: Int = Allowlist.defaultEntryLimit,
      timeout: Duration = .seconds(8), says: String,
      _ isExpected: @escaping @Sendable (RemoteAllowlistFailure) -> Bool
    ) {
      self.name = name
      self.reply = reply
      self.entryLimit = entryLimit
      self.timeout = timeout
      self.says = says
      self.isExpected = isExpected
    }
  }

  /// A response written byte for byte.
  static func raw(_ head: [String], body: String = "") -> LoopbackHTTPServer.Reply {
    .raw(Data((head.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8))
  }

  /// A complete HTTP response whose body is a compressed stream cut short, sent with the
  /// body's true length so that only the compression, not HTTP, could tell.
  static func compressed(_ coding: String, _ body: [UInt8]) -> LoopbackHTTPServer.Reply {
    let head = [
      "HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Encoding: \(coding)",
      "Content-Length: \(body.count)", "Connection: close",
    ]
    return .raw(Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + Data(body))
  }

  /// The same cut streams under a transfer coding, framed in one chunk and a last chunk: the
  /// HTTP framing is whole, only the compression could tell.
  static func transferCoded(_ coding: String, _ body: [UInt8]) -> LoopbackHTTPServer.Reply {
    let head = [
      "HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: \(coding), chunked", "Connection: close",
    ]
    return .raw(
      Data((head.joined(separator: "\r\n") + "\r\n\r\n" + String(body.count, radix: 16) + "\r\n").utf8) + Data(body)
        + Data("\r\n0\r\n\r\n".utf8))
  }

  /// `{"version": 1, "allow": ["example.com", "evil.example"]}` gzipped, without the 8-byte
  /// CRC-32 and length trailer.
  static let gzipWithoutTrailer: [UInt8] = [
    0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x2a, 0x4b, 0x2d, 0x2a, 0xce, 0xcc, 0xcf,
    0x53, 0xb2, 0x52, 0x30, 0xd4, 0x51, 0x50, 0x4a, 0xcc, 0xc9, 0xc9, 0x2f, 0x07, 0xb2, 0xa3, 0x95, 0x52, 0x2b, 0x12,
    0x73, 0x0b, 0x72, 0x52, 0xf5, 0x92, 0xf3, 0x73, 0x95, 0x80, 0x12, 0xa9, 0x65, 0x99, 0x39, 0x7a, 0x50, 0x31, 0xa5,
    0xd8, 0x5a, 0x00,
  ]
  /// The same document as a gzip stream of non-final blocks (a full flush), cut before the
  /// final block.
  static let gzipCutBeforeFinalBlock: [UInt8] = [
    0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xaa, 0x56, 0x2a, 0x4b, 0x2d, 0x2a, 0xce, 0xcc, 0xcf,
    0x53, 0xb2, 0x52, 0x30, 0xd4, 0x51, 0x50, 0x4a, 0xcc, 0xc9, 0xc9, 0x2f, 0x07, 0xb2, 0xa3, 0x95, 0x52, 0x2b, 0x12,
    0x73, 0x0b, 0x72, 0x52, 0xf5, 0x92, 0xf3, 0x73, 0x95, 0x80, 0x12, 0xa9, 0x65, 0x99, 0x39, 0x7a, 0x50, 0x31, 0xa5,
    0xd8, 0x5a, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff,
  ]
  /// The same document as zlib `deflate`, without the 4-byte Adler-32.
  static let deflateWithoutAdler32: [UInt8] = [
    0x78, 0x9c, 0xab, 0x56, 0x2a, 0x4b, 0x2d, 0x2a, 0xce, 0xcc, 0xcf, 0x53, 0xb2, 0x52, 0x30, 0xd4, 0x51, 0x50, 0x4a,
    0xcc, 0xc9, 0xc9, 0x2f, 0x07, 0xb2, 0xa3, 0x95, 0x52, 0x2b, 0x12, 0x73, 0x0b, 0x72, 0x52, 0xf5, 0x92, 0xf3, 0x73,
    0x95, 0x80, 0x12, 0xa9, 0x65, 0x99, 0x39, 0x7a, 0x50, 0x31, 0xa5, 0xd8, 0x5a, 0x00,
  ]

  static let rows: [Row] = [
    Row(
      "a captive portal's HTML 200",
      .respond(
        status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
        body: Data("<html><body>Sign in to Airport Wi-Fi</body></html>".utf8)),
      says: "Content-Type is \"text/html; charset=utf-8\""
    ) { if case .captivePortal = $0 { true } else { false } },
    Row(
      "a 200 with no Content-Type",
      .respond(status: 200, headers: [:], body: Data(good.utf8)), says: "no Content-Type"
    ) { if case .malformedResponse = $0 { true } else { false } },
    Row(
      "JSON that is not an allowlist", .ok(body: Data(#"{"hello": "world"}"#.utf8)), says: "unsupported or missing"
    ) { if case .invalidDocument = $0 { true } else { false } },
    Row(
      "a JSON array", .ok(body: Data(#"["example.com"]"#.utf8)), says: "not a JSON object"
    ) { if case .invalidDocument = $0 { true } else { false } },
    Row(
      "chunked encoding that breaks off",
      raw(
        ["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close"],
        body: "10\r\n{\"version\": 1, \"\r\n40\r\nallow"),
      says: "could not be read to its end"
    ) { if case .incompleteResponse = $0 { true } else { false } },
    Row(
      "a corrupt gzip body",
      raw(
        [
          "HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: 20",
          "Connection: close",
        ],
        body: "\u{1f}\u{8b}\u{08}\u{00}not-gzip-at-all!"),
      // URLSession decodes it and fails; the transport's own socket (Linux, `http:`) does not
      // decode, and the response check refuses the coding.
      says: "could not be read to its end|Content-Encoding"
    ) {
      switch $0 {
      case .incompleteResponse, .malformedResponse: true
      default: false
      }
    },
    Row("a gzip body without its trailer", compressed("gzip", gzipWithoutTrailer), says: "Content-Encoding") {
      if case .malformedResponse = $0 { true } else { false }
    },
    Row(
      "a gzip stream cut before its final block", compressed("gzip", gzipCutBeforeFinalBlock), says: "Content-Encoding"
    ) { if case .malformedResponse = $0 { true } else { false } },
    Row("a deflate body without its Adler-32", compressed("deflate", deflateWithoutAdler32), says: "Content-Encoding") {
      if case .malformedResponse = $0 { true } else { false }
    },
    Row(
      "a gzip transfer coding without its trailer", transferCoded("gzip", gzipWithoutTrailer), says: "Transfer-Encoding"
    ) {
      switch $0 {
      case .malformedResponse, .incompleteResponse: true
      default: false
      }
    },
    Row(
      "a deflate transfer coding without its Adler-32", transferCoded("deflate", deflateWithoutAdler32),
      says: "Transfer-Encoding"
    ) {
      switch $0 {
      case .malformedResponse, .incompleteResponse: true
      default: false
      }
    },
    Row(
      "a Content-Length longer than the body",
      raw(
        ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 500", "Connection: close"],
        body: good),
      says: "could not be read to its end"
    ) { if case .incompleteResponse = $0 { true } else { false } },
    // URLSession on Linux refuses 300 KB of header itself; the client refuses 64 KB wherever it runs.
    Row(
      "1 MB of headers",
      raw(
        ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(good.utf8.count)"]
          + (0..<1024).map { "X-Padding-\($0): " + String(repeating: "a", count: 1000) } + ["Connection: close"],
        body: good),
      says: "header"
    ) {
      switch $0 {
      case .malformedResponse, .unreachable: true
      default: false
      }
    },
    Row(
      "100 KB of headers",
      raw(
        ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(good.utf8.count)"]
          + (0..<100).map { "X-Padding-\($0): " + String(repeating: "a", count: 1000) } + ["Connection: close"],
        body: good),
      says: "header fields take"
    ) { if case .malformedResponse = $0 { true } else { false } },
    Row(
      "one byte per second",
      .trickle(
        status: 200, headers: ["Content-Type": "application/json"], body: Data(good.utf8), pieces: good.utf8.count,
        pause: .seconds(1)),
      timeout: .seconds(1), says: "did not answer in time"
    ) { $0 == .timedOut },
    Row("an empty 200", .ok(body: Data()), says: "body is empty") {
      if case .malformedResponse = $0 { true } else { false }
    },
    Row(
      "more entries than the limit", .ok(body: Data(#"{"version": 1, "allow": ["a.com", "b.com", "c.com"]}"#.utf8)),
      entryLimit: 2, says: "3 entries exceed the limit of 2"
    ) { if case .invalidDocument = $0 { true } else { false } },
    Row(
      "a 304 to a request without a validator", .respond(status: 304, headers: [:], body: Data()),
      says: "sent no validator"
    ) { if case .malformedResponse = $0 { true } else { false } },
    // RFC 9112 §6.3: lengths that disagree make the framing invalid; the longer one first, so
    // that the transport reads the body whole by the last one.
    Row(
      "two Content-Length values that differ",
      raw(
        [
          "HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(good.utf8.count + 7)",
          "Content-Length: \(good.utf8.count)", "Connection: close",
        ],
        body: good),
      says: "is not one number"
    ) { if case .malformedResponse = $0 { true } else { false } },
    Row(
      "Content-Length with Transfer-Encoding: chunked",
      raw(
        [
          "HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 5", "Transfer-Encoding: chunked",
          "Connection: close",
        ],
        body: String(good.utf8.count, radix: 16) + "\r\n" + good + "\r\n0\r\n\r\n"),
      says: "both Transfer-Encoding and Content-Length"
    ) { if case .malformedResponse = $0 { true } else { false } },
    // RFC 9110 §5.5: a NUL in a field value is invalid. Read past it, the directive is no
    // directive, and the list was kept for a day against the server's `no-store`.
    Row(
      "a NUL in a field value",
      raw(
        [
          "HTTP/1.1 200 OK", "Content-Type: application/json", "Cache-Control: no-store\0",
          "Content-Length: \(good.utf8.count)", "Connection: close",
        ],
        body: good),
      says: "holds a NUL"
    ) { if case .malformedResponse = $0 { true } else { false } },
    // RFC 9112 §7.1: `chunk-size = 1*HEXDIG`, no sign.
    Row(
      "a chunk size with a sign",
      raw(
        ["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close"],
        body: "+" + String(good.utf8.count, radix: 16) + "\r\n" + good + "\r\n-0\r\n\r\n"),
      says: "not a hex number"
    ) { if case .malformedResponse = $0 { true } else { false } },
  ]

  fileprivate func configuration(
    _ server: LoopbackHTTPServer, cache: URL, entryLimit: Int, timeout: Duration = .seconds(8)
  ) -> RemoteAllowlistConfiguration {
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list"))
    configuration.cacheLocation = .directory(cache)
    configuration.entryLimit = entryLimit
    configuration.retry.maximumAttempts = 1
    // Long enough for every row but the slow one on a loaded machine (both cores busy); the
    // slow one needs 40 s, so it is the only row that meets the timeout (``Row/timeout``).
    configuration.requestTimeout = timeout
    configuration.fetchTimeout = timeout
    return configuration
  }

  fileprivate func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
  }

  @Test(arguments: rows)
  func failsClosedWithAReasonAndCachesNothing(_ row: Row) async throws {
    let server = try LoopbackHTTPServer { _ in row.reply }
    defer { server.stop() }
    let cache = temporaryDirectory()
    let remote = try RemoteAllowlist(
      configuration: configuration(server, cache: cache, entryLimit: row.entryLimit, timeout: row.timeout))
    let check = await remote.checked("https://example.com/a")
    guard case .unavailable(let failure) = check else {
      Issue.record("\(row.name) was adopted: \(check)")
      return
    }
    #expect(row.isExpected(failure), "\(failure)")
    #expect(
      row.says.split(separator: "|").contains { failure.description.lowercased().contains($0.lowercased()) },
      "\(failure)")
    #expect(!FileManager.default.fileExists(atPath: cache.path), "nothing was cached")
  }

  @Test(arguments: rows)
  func aGoodCachedListSurvivesIt(_ row: Row) async throws {
    let cache = temporaryDirectory()
    // Served once, stale at once, kept in the cache folder: revalidating it meets the hostile reply.
    let replies = ReplyScript([.ok(body: Data(Self.good.utf8), headers: ["Cache-Control": "max-age=0"]), row.reply])
    let server = try LoopbackHTTPServer { _ in replies.next() }
    defer { server.stop() }
    let first = try RemoteAllowlist(
      configuration: configuration(server, cache: cache, entryLimit: row.entryLimit, timeout: row.timeout))
    #expect(await first.checked("https://example.com/a").isAllowed)
    let file = cache.appendingPathComponent(PersistedAllowlist.fileName)
    let before = try Data(contentsOf: file)

    let next = try RemoteAllowlist(
      configuration: configuration(server, cache: cache, entryLimit: row.entryLimit, timeout: row.timeout))
    let check = await next.checked("https://example.com/a")
    guard case .unavailable = check else {
      Issue.record("\(row.name) did not fail closed: \(check)")
      return
    }
    #expect(try Data(contentsOf: file) == before, "the cached list was not replaced")
  }

  @Test func aBodyThatBrokeOffIsRetriedAndTheNextAnswerServes() async throws {
    let replies = ReplyScript([
      Self.rows.first { $0.name == "chunked encoding that breaks off" }!.reply, .ok(body: Data(Self.good.utf8)),
    ])
    let server = try LoopbackHTTPServer { _ in replies.next() }
    defer { server.stop() }
    var configuration = configuration(server, cache: temporaryDirectory(), entryLimit: 10)
    configuration.retry.maximumAttempts = 2
    configuration.retry.baseDelay = .milliseconds(1)
    // The server closes the broken body at once; the bounds only keep a loaded machine (whose
    // first attempt once took over 3 s) from running out of time before the retry.
    configuration.requestTimeout = .seconds(30)
    configuration.fetchTimeout = .seconds(60)
    let remote = try RemoteAllowlist(configuration: configuration)
    #expect(await remote.checked("https://example.com/a") == .allowed(rule: "example.com"))
    #expect(server.requests.count == 2)
  }

  @Test func a304ToAStoredListWithoutValidatorsIsRefused() async throws {
    // A list without ETag or Last-Modified is revalidated without a validator: a 304 cannot answer that.
    let replies = ReplyScript([
      .ok(body: Data(Self.good.utf8), headers: ["Cache-Control": "max-age=0"]),
      .respond(status: 304, headers: ["Cache-Control": "max-age=600"], body: Data()),
    ])
    let server = try LoopbackHTTPServer { _ in replies.next() }
    defer { server.stop() }
    let remote = try RemoteAllowlist(
      configuration: configuration(server, cache: temporaryDirectory(), entryLimit: 10))
    #expect(await remote.checked("https://example.com/a").isAllowed)
    let check = await remote.checked("https://example.com/a")
    #expect(check == .unavailable(.malformedResponse("a 304 Not Modified answered a request that sent no validator")))
    #expect(server.requests.last?.headers["if-none-match"] == nil)
  }

  @Test(arguments: [
    ("application/json", true), ("application/json; charset=utf-8", true), ("Application/JSON", true),
    ("application/vnd.allowlist+json", true), (" application/json ", true),
    ("text/html", false), ("text/json", false), ("application/jsonp", false), ("application/json-seq", false),
    ("text/plain; x=application/json", false), ("", false), ("application/", false), ("+json", false),
    // Read as bytes: a semicolon is one whatever follows it, and a subtype is a token.
    ("application/json;\u{301}charset=utf-8", true), ("application/vnd.x\u{301}+json", false),
    ("application/a\tb+json", false), ("application/json\u{A0}", false), ("\u{A0}application/json", false),
    ("application/\u{212A}+json", false),
  ])
  func onlyJSONMediaTypesAreRead(contentType: String, isJSON: Bool) {
    #expect(AllowlistResponseCheck.isJSON(contentType) == isJSON)
  }

  @Test func aHostileContentTypeIsShownEscapedAndShort() throws {
    let hostile = "text/html\u{1B}[2J\r\nX-Fake: 1" + String(repeating: "x", count: 500)
    let exchange = HTTPExchange(status: 200, headers: ["Content-Type": hostile], body: Data("x".utf8))
    let problem = try #require(AllowlistResponseCheck.problem(with: exchange, sentValidator: false))
    #expect(!problem.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(problem.count < 200)
  }

  @Test func theListIsRequestedUncompressed() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data(Self.good.utf8)) }
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server, cache: temporaryDirectory(), entryLimit: 10))
    #expect(await remote.checked("https://example.com/a").isAllowed)
    #expect(server.requests.first?.headers["accept-encoding"] == "identity")
  }

  @Test(arguments: [
    ("", true), ("identity", true), (" Identity ", true), ("gzip", false), ("identity, gzip", false), ("br", false),
    ("identity,\u{301}gzip", false), ("identity\u{A0}", false), ("identity, , identity", true),
  ])
  func onlyIdentityCodingsAreRead(contentEncoding: String, isIdentity: Bool) {
    #expect(AllowlistResponseCheck.isIdentity(contentEncoding) == isIdentity)
  }
}

extension HostileAllowlistResponseTests {
  @Test(arguments: [
    ("chunked", true), (" Chunked ", true), ("identity, chunked", true), ("gzip, chunked", false),
    ("deflate,chunked", false), ("x-gzip, chunked", false), ("chunked, gzip", false), ("chunked\u{A0}", false),
  ])
  func onlyChunkedTransferCodingsAreRead(transferEncoding: String, isChunkedOnly: Bool) {
    #expect(AllowlistResponseCheck.isChunkedOnly(transferEncoding) == isChunkedOnly)
  }

  @Test(arguments: [
    (["content-length": "52, 59"], false), (["content-length": "52, 52"], true), (["content-length": "52"], true),
    (["content-length": "-1"], false), (["content-length": "0x34"], false), (["content-length": ""], false),
    (["content-length": "52", "transfer-encoding": "chunked"], false), (["transfer-encoding": "chunked"], true),
  ])
  func theFramingIsReadAsRFC9112Says(headers: [String: String], isValid: Bool) {
    #expect((AllowlistResponseCheck.framingProblem(headers) == nil) == isValid, "\(headers)")
  }

  /// A chunked body that ends with a trailer field (RFC 9112 §7.1.2) is read, its trailer
  /// discarded: FoundationNetworking stopped the process on it ("Transfer completed, but
  /// there's no response").
  @Test(arguments: ["X-Checksum: 1", "X-Checksum: 1\r\nX-Other: 2", "Content-Length: 5"])
  func aChunkedListWithATrailerIsRead(trailer: String) async throws {
    let server = try LoopbackHTTPServer { _ in
      Self.raw(
        ["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close"],
        body: String(Self.good.utf8.count, radix: 16) + "\r\n" + Self.good + "\r\n0\r\n" + trailer + "\r\n\r\n")
    }
    defer { server.stop() }
    let remote = try RemoteAllowlist(
      configuration: configuration(server, cache: temporaryDirectory(), entryLimit: Allowlist.defaultEntryLimit))
    #expect(await remote.checked("https://example.com/a").isAllowed)
  }

  @Test func aChunkedListIsStillRead() async throws {
    let body = Self.good
    let reply = Self.raw(
      ["HTTP/1.1 200 OK", "Content-Type: application/json", "Transfer-Encoding: chunked", "Connection: close"],
      body: String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n")
    let server = try LoopbackHTTPServer { _ in reply }
    defer { server.stop() }
    let remote = try RemoteAllowlist(configuration: configuration(server, cache: temporaryDirectory(), entryLimit: 10))
    #expect(await remote.checked("https://example.com/a").isAllowed)
  }
}
