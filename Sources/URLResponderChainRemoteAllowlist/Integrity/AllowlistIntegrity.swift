public import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// What the allowlist document itself must prove, beyond arriving from the pinned origin over
/// `https`: optional, off by default.
///
/// ```swift
/// var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
///
/// // Only this exact document is accepted (for example the one the app's release pins):
/// configuration.integrity = try .sha256("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
///
/// // Any document signed with the key the app ships (CryptoKit on Apple platforms):
/// configuration.integrity = try .ed25519(publicKey: Data(base64Encoded: "…")!)
/// ```
///
/// A signature travels in a response header (`Allowlist-Signature` by default) as base64 of
/// the signature of the body's exact bytes. A response that fails the check is refused with
/// ``RemoteAllowlistFailure/integrityFailed(_:)`` and never cached; a cached list is checked
/// again when it is read at launch.
public struct AllowlistIntegrity: Sendable {
  // Indirect: the integrity check is read once per fetched list, and a boxed case copies as
  // one reference (0.6 KB less code than copying each case's fields).
  indirect enum Rule: Sendable {
    case none
    case digests([[UInt8]])
    case signature(header: String, verifier: any AllowlistSignatureVerifier)
  }

  let rule: Rule

  /// No check beyond the origin and the transport. The default.
  public static let none = AllowlistIntegrity(rule: .none)

  /// The document's SHA-256 must be one of `digests`, each 64 hexadecimal digits (as
  /// `shasum -a 256` prints them). List the next document's digest beside the current one to
  /// roll it out.
  ///
  /// - Throws: ``RemoteAllowlistConfigurationError/invalidDigest(_:)`` for a digest that is
  ///   not 64 hexadecimal digits, or when none is given.
  public static func sha256(_ digests: String...) throws(RemoteAllowlistConfigurationError) -> AllowlistIntegrity {
    try sha256(digests)
  }

  /// The document's SHA-256 must be one of `digests`; see ``sha256(_:)-(String...)``.
  public static func sha256(_ digests: [String]) throws(RemoteAllowlistConfigurationError) -> AllowlistIntegrity {
    guard !digests.isEmpty else { throw .invalidDigest("") }
    var parsed: [[UInt8]] = []
    for digest in digests {
      guard let bytes = SHA256Digest.parseHex(digest) else { throw .invalidDigest(String(digest.prefix(80))) }
      parsed.append(bytes)
    }
    return AllowlistIntegrity(rule: .digests(parsed))
  }

  /// The response must carry a detached signature in `header` (base64) that `verifier`
  /// accepts for the body.
  public static func signature(
    header: String = defaultSignatureHeader, verifier: any AllowlistSignatureVerifier
  ) -> AllowlistIntegrity {
    AllowlistIntegrity(rule: .signature(header: header, verifier: verifier))
  }

  /// The response must carry a detached signature in `header` (base64) that `verify`
  /// (signature, document) accepts.
  public static func signature(
    header: String = defaultSignatureHeader, verify: @escaping @Sendable (Data, Data) -> Bool
  ) -> AllowlistIntegrity {
    signature(header: header, verifier: ClosureSignatureVerifier(verify: verify))
  }

  /// The header that carries the signature unless another is named.
  public static let defaultSignatureHeader = "Allowlist-Signature"

  /// Checks a document as fetched (`signatureHeader` is the named header's value, if any).
  ///
  /// - Returns: `nil` when it passes, else why not.
  func problem(document: Data, signatureHeader: String?) -> String? {
    switch rule {
    case .none:
      return nil
    case .digests(let digests):
      let digest = SHA256Digest.hash(document)
      return digests.contains(digest) ? nil : "its SHA-256 \(SHA256Digest.hex(digest)) is not pinned"
    case .signature(let header, let verifier):
      guard let value = signatureHeader.map({ HTTPFieldValue.trimmed($0[...]) }), !value.isEmpty else {
        return "the response has no \(header) header"
      }
      guard let signature = Data(base64Encoded: String(value)) else { return "the \(header) header is not base64" }
      return verifier.isValidSignature(signature, of: document) ? nil : "the signature does not verify"
    }
  }

  /// The lowercased name of the header whose value must be kept with the document.
  var signatureHeaderName: String? {
    if case .signature(let header, _) = rule { header.lowercased() } else { nil }
  }
}
