public import Foundation

#if canImport(CryptoKit)
  import CryptoKit
  import URLResponderChainCore
#endif

extension AllowlistIntegrity {
  /// The response must carry an Ed25519 signature of the body in `header` (base64), made with
  /// the private key matching `publicKey` (its 32-byte raw representation).
  ///
  /// Verified with CryptoKit's `Curve25519.Signing.PublicKey`.
  ///
  /// - Throws: ``RemoteAllowlistConfigurationError/invalidPublicKey(_:)`` for a key CryptoKit
  ///   does not accept; ``RemoteAllowlistConfigurationError/integrityUnsupported(_:)`` where
  ///   CryptoKit does not exist (Linux): use ``signature(header:verifier:)`` there.
  public static func ed25519(
    publicKey: Data, header: String = defaultSignatureHeader
  ) throws(RemoteAllowlistConfigurationError) -> AllowlistIntegrity {
    #if canImport(CryptoKit)
      guard (try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey)) != nil else {
        throw .invalidPublicKey("not a 32-byte Ed25519 public key (\(publicKey.count) bytes)")
      }
      return signature(header: header, verifier: Ed25519Verifier(rawKey: publicKey))
    #else
      throw .integrityUnsupported(
        "Ed25519 verification needs CryptoKit, which this platform lacks; pass an AllowlistSignatureVerifier to .signature(header:verifier:)"
      )
    #endif
  }
}

#if canImport(CryptoKit)
  /// CryptoKit's Ed25519 verification. The key is kept as its raw bytes (a `Sendable` value)
  /// and checked once when the integrity rule is made.
  struct Ed25519Verifier: AllowlistSignatureVerifier {
    let rawKey: Data

    func isValidSignature(_ signature: Data, of document: Data) -> Bool {
      guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawKey) else { return false }
      return key.isValidSignature(signature, for: document)
    }
  }
#endif
