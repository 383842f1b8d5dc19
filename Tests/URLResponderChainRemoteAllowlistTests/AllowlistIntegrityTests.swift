import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// SHA-256 against the FIPS 180-4 examples: the portable implementation where CryptoKit does
/// not exist (Linux, where these run), CryptoKit's on Apple platforms.
@Suite struct SHA256DigestTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func knownAnswers(message: String, digest: String) {
    #expect(SHA256Digest.hex(SHA256Digest.hash(Array(message.utf8))) == digest)
  }

  @Test func aMillionAs() {
    #expect(
      SHA256Digest.hex(SHA256Digest.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(arguments: [55, 56, 57, 63, 64, 65, 119, 120])
  func paddingBoundaries(length: Int) {
    // Lengths around the 56- and 64-byte padding boundaries, against digests from Python's `hashlib.sha256`.
    let expected: [Int: String] = [
      55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      57: "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6",
      63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
      64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
      119: "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb",
      120: "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c",
    ]
    #expect(
      SHA256Digest.hex(SHA256Digest.hash([UInt8](repeating: UInt8(ascii: "a"), count: length))) == expected[length])
  }

  @Test func hexParsingIsStrict() {
    let digest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    #expect(SHA256Digest.parseHex(digest) == SHA256Digest.hash([UInt8]()))
    #expect(SHA256Digest.parseHex(digest.uppercased()) == SHA256Digest.hash([UInt8]()))
    #expect(SHA256Digest.parseHex(String(digest.dropLast())) == nil)
    #expect(SHA256Digest.parseHex(digest + "0") == nil)
    #expect(SHA256Digest.parseHex(String(digest.dropLast()) + "g") == nil)
    #expect(SHA256Digest.parseHex(" " + String(digest.dropFirst())) == nil)
    #expect(SHA256Digest.parseHex(String(digest.dropLast(2)) + "é") == nil)
  }
}

/// Pinned digests and detached signatures, through real URLSession from a loopback server.
@Suite struct AllowlistIntegrityTests {
  static let document = Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8)
  static var documentDigest: String { SHA256Digest.hex(SHA256Digest.hash(document)) }

  /// A test double: a "signature" is valid when it is the document's digest with every byte
  /// inverted, so only someone who holds the rule can make one.
  struct InvertedDigestVerifier: AllowlistSignatureVerifier {
    static func sign(_ document: Data) -> String {
      Data(SHA256Digest.hash(document).map { ~$0 }).base64EncodedString()
    }
    func isValidSignature(_ signature: Data, of document: Data) -> Bool {
      Array(signature) == SHA256Digest.hash(document).map { ~$0 }
    }
  }

  private func remote(
    _ server: LoopbackHTTPServer, integrity: AllowlistIntegrity, cache: URL? = nil
  ) throws -> RemoteAllowlist {
    var configuration = RemoteAllowlistConfiguration(endpoint: server.url(path: "/list"))
    configuration.integrity = integrity
    configuration.cacheLocation = cache.map { .directory($0) } ?? .memoryOnly
    configuration.retry.maximumAttempts = 1
    return try RemoteAllowlist(configuration: configuration)
  }

  private func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("integrity-\(UUID().uuidString)")
  }

  @Test func aPinnedDigestAcceptsThatDocument() async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Self.document) }
    defer { server.stop() }
    let remote = try remote(server, integrity: .sha256("0" + String(repeating: "f", count: 63), Self.documentDigest))
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
  }

  @Test func anyOtherDocumentFailsAndIsNotCached() async throws {
    let other = Data(#"{"version": 1, "allow": ["example.com", "evil.example"]}"#.utf8)
    let server = try LoopbackHTTPServer { _ in .ok(body: other) }
    defer { server.stop() }
    let cache = temporaryDirectory()
    let remote = try remote(server, integrity: .sha256(Self.documentDigest), cache: cache)
    let check = await remote.checked("https://evil.example")
    #expect(
      check == .unavailable(.integrityFailed("its SHA-256 \(SHA256Digest.hex(SHA256Digest.hash(other))) is not pinned"))
    )
    #expect(!FileManager.default.fileExists(atPath: cache.path))
  }

  @Test(arguments: ["", "abc", String(repeating: "g", count: 64), String(repeating: "a", count: 65)])
  func aDigestThatIsNotOneIsAConfigurationError(digest: String) {
    #expect(throws: RemoteAllowlistConfigurationError.self) { try AllowlistIntegrity.sha256(digest) }
  }

  @Test func noDigestAtAllIsAConfigurationError() {
    #expect(throws: RemoteAllowlistConfigurationError.invalidDigest("")) { try AllowlistIntegrity.sha256([String]()) }
  }

  @Test func aValidSignatureIsAccepted() async throws {
    let server = try LoopbackHTTPServer { _ in
      .ok(body: Self.document, headers: ["Allowlist-Signature": InvertedDigestVerifier.sign(Self.document)])
    }
    defer { server.stop() }
    let remote = try remote(server, integrity: .signature(verifier: InvertedDigestVerifier()))
    #expect(await remote.checked("https://example.com") == .allowed(rule: "example.com"))
  }

  @Test(arguments: [
    ([String: String](), "the response has no Allowlist-Signature header"),
    (["Allowlist-Signature": "not base64!"], "the Allowlist-Signature header is not base64"),
    (["Allowlist-Signature": Data("forged".utf8).base64EncodedString()], "the signature does not verify"),
    // A signature of another document: valid, but not for these bytes.
    (["Allowlist-Signature": InvertedDigestVerifier.sign(Data("{}".utf8))], "the signature does not verify"),
    // The right signature in another header does not count.
    (["X-Signature": InvertedDigestVerifier.sign(document)], "the response has no Allowlist-Signature header"),
  ])
  func aMissingOrWrongSignatureFailsClosed(headers: [String: String], problem: String) async throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Self.document, headers: headers) }
    defer { server.stop() }
    let cache = temporaryDirectory()
    let remote = try remote(server, integrity: .signature(verifier: InvertedDigestVerifier()), cache: cache)
    let check = await remote.checked("https://example.com")
    #expect(check == .unavailable(.integrityFailed(problem)), "\(check)")
    #expect(!FileManager.default.fileExists(atPath: cache.path))
  }

  @Test func aBlankSignatureIsNoSignature() {
    // (URLSession on Linux fails a blank header before the client sees it, so this is checked directly.)
    let integrity = AllowlistIntegrity.signature(verifier: InvertedDigestVerifier())
    #expect(
      integrity.problem(document: Self.document, signatureHeader: " \t ")
        == "the response has no Allowlist-Signature header")
    #expect(
      integrity.problem(document: Self.document, signatureHeader: " " + InvertedDigestVerifier.sign(Self.document))
        == nil)
  }

  @Test func aClosureVerifierAndACustomHeaderWork() async throws {
    let server = try LoopbackHTTPServer { _ in
      .ok(body: Self.document, headers: ["X-List-Signature": InvertedDigestVerifier.sign(Self.document)])
    }
    defer { server.stop() }
    let integrity = AllowlistIntegrity.signature(header: "X-List-Signature") { signature, document in
      InvertedDigestVerifier().isValidSignature(signature, of: document)
    }
    #expect(try await remote(server, integrity: integrity).checked("https://example.com").isAllowed)
  }

  @Test func aCachedListIsCheckedAgainAtLaunch() async throws {
    let cache = temporaryDirectory()
    let server = try LoopbackHTTPServer { _ in
      .ok(
        body: Self.document,
        headers: ["Cache-Control": "max-age=600", "Allowlist-Signature": InvertedDigestVerifier.sign(Self.document)])
    }
    defer { server.stop() }
    let signed = AllowlistIntegrity.signature(verifier: InvertedDigestVerifier())
    #expect(try await remote(server, integrity: signed, cache: cache).checked("https://example.com").isAllowed)
    #expect(server.requests.count == 1)
    // The next launch, same rule: the cached list and its signature verify; no request.
    #expect(try await remote(server, integrity: signed, cache: cache).checked("https://example.com").isAllowed)
    #expect(server.requests.count == 1)
    // A launch that pins another document ignores the cache and asks the server, whose list fails.
    let pinned = try AllowlistIntegrity.sha256(String(repeating: "0", count: 64))
    guard
      case .unavailable(.integrityFailed) = try await remote(server, integrity: pinned, cache: cache).checked(
        "https://example.com")
    else {
      Issue.record("the cached list was used without its check")
      return
    }
    #expect(server.requests.count == 2)
  }

  @Test func ed25519NeedsCryptoKit() {
    #if canImport(CryptoKit)
      #expect(throws: RemoteAllowlistConfigurationError.self) {
        try AllowlistIntegrity.ed25519(publicKey: Data([1, 2, 3]))
      }
    #else
      do {
        _ = try AllowlistIntegrity.ed25519(publicKey: Data(repeating: 7, count: 32))
        Issue.record("Ed25519 claimed support without CryptoKit")
      } catch {
        guard case .integrityUnsupported(let reason) = error else {
          Issue.record("\(error)")
          return
        }
        #expect(reason.contains("AllowlistSignatureVerifier"))
      }
    #endif
  }
}
