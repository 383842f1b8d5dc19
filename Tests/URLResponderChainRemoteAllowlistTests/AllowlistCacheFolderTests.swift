import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// The cache folder alone: what it keeps, what it ignores, and the https-only rule.
@Suite struct AllowlistCacheFolderTests {
  static let document = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)

  final class Log: Sendable {
    private let recorded = LockedValue<[String]>([])
    var lines: [String] { recorded.withLock { $0 } }
    func append(_ line: String) { recorded.withLock { $0.append(line) } }
  }

  private func folder(
    _ directory: URL, endpoint: String = "https://config.example.com/list.json", log: Log = Log()
  ) throws -> AllowlistCacheFolder {
    var configuration = RemoteAllowlistConfiguration(endpoint: try #require(URL(string: endpoint)))
    configuration.log = { log.append($0) }
    return AllowlistCacheFolder(directory: directory, configuration: configuration)
  }

  private func stored(_ document: Data = document) throws -> StoredAllowlist {
    StoredAllowlist(
      allowlist: try Allowlist(document: document),
      response: CachedResponse(
        document: document, etag: "\"v1\"", lastModified: nil,
        directives: HTTPCacheDirectives(cacheControl: "max-age=600"), receivedAt: Date(timeIntervalSince1970: 1_000)))
  }

  private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("cache-folder-\(UUID().uuidString)")
  }

  @Test func whatIsWrittenIsReadBack() throws {
    let directory = temporaryDirectory()
    let folder = try folder(directory)
    folder.write(try stored())
    let read = try #require(folder.read())
    #expect(read.response.etag == "\"v1\"")
    #expect(read.response.receivedAt == Date(timeIntervalSince1970: 1_000))
    #expect(read.allowlist.verdict(for: "https://example.com/") == .allowed(rule: "example.com"))
  }

  /// A cache file as this format has always been written (keys sorted here for reading; the
  /// order does not matter): a release that changes how the record is held in memory must
  /// still read the list the previous one kept, with or without a signature.
  @Test(arguments: [true, false])
  func aFileInTheFormatAsWrittenIsReadBack(withSignature: Bool) throws {
    let signature = withSignature ? #","signature":"c2ln""# : ""
    let file = #"""
      {"endpoint":"https:\/\/config.example.com\/list.json","format":"URLResponderChain.allowlist-cache",\#
      "formatVersion":1,"response":{"directives":{"maxAge":600,"mustRevalidate":false,"noCache":false,\#
      "noStore":false,"staleIfError":60},"document":"eyJ2ZXJzaW9uIjogMSwgImFsbG93IjogWyJleGFtcGxlLmNvbSJdfQ==",\#
      "etag":"\"v1\"","lastModified":"Tue, 24 Nov 2026 08:00:00 GMT","receivedAt":-978306200\#(signature)}}
      """#
    let directory = temporaryDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(file.utf8).write(to: directory.appendingPathComponent(PersistedAllowlist.fileName))
    let read = try #require(try folder(directory).read())
    #expect(read.response.etag == "\"v1\"")
    #expect(read.response.lastModified == "Tue, 24 Nov 2026 08:00:00 GMT")
    #expect(read.response.signature == (withSignature ? "c2ln" : nil))
    #expect(read.response.receivedAt == Date(timeIntervalSince1970: 1_000))
    #expect(read.response.directives == HTTPCacheDirectives(cacheControl: "max-age=600, stale-if-error=60"))
    #expect(read.allowlist.verdict(for: "https://example.com/") == .allowed(rule: "example.com"))
  }

  @Test func anEmptyFolderHoldsNothing() throws {
    #expect(try folder(temporaryDirectory()).read() == nil)
  }

  @Test func aListForAnotherEndpointIsIgnoredAndLogged() throws {
    let directory = temporaryDirectory()
    try folder(directory, endpoint: "https://other.example.com/list.json").write(try stored())
    let log = Log()
    #expect(try folder(directory, log: log).read() == nil)
    #expect(log.lines.contains { $0.contains("another endpoint") })
  }

  @Test func anUnreadableFileIsIgnoredAndLogged() throws {
    let directory = temporaryDirectory()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("{\"format\":".utf8).write(to: directory.appendingPathComponent(PersistedAllowlist.fileName))
    let log = Log()
    #expect(try folder(directory, log: log).read() == nil)
    #expect(log.lines.contains { $0.contains("unreadable") })
  }

  @Test func aStoredDocumentThatIsNoLongerAValidListIsIgnored() throws {
    let directory = temporaryDirectory()
    let folder = try folder(directory)
    let valid = try stored()
    let invalid = StoredAllowlist(
      allowlist: valid.allowlist,
      response: CachedResponse(
        document: Data(#"{"version": 1, "allow": ["*.com"]}"#.utf8), etag: nil, lastModified: nil,
        directives: valid.response.directives, receivedAt: valid.response.receivedAt))
    folder.write(invalid)
    #expect(folder.read() == nil)
  }

  @Test func onlyAPlainHTTPEndpointWithAnHTTPSListOnRecordIsRefused() throws {
    let directory = temporaryDirectory()
    try folder(directory, endpoint: "https://config.example.com/list.json").write(try stored())
    #expect(try folder(directory, endpoint: "http://127.0.0.1:8080/list.json").refusesPlainHTTPLists())
    #expect(try !folder(directory, endpoint: "https://config.example.com/list.json").refusesPlainHTTPLists())
    let plain = temporaryDirectory()
    try folder(plain, endpoint: "http://127.0.0.1:8080/old.json").write(try stored())
    #expect(try !folder(plain, endpoint: "http://127.0.0.1:8080/list.json").refusesPlainHTTPLists())
  }
}
