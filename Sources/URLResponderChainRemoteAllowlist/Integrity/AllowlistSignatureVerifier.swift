public import Foundation
import URLResponderChainCore

/// Verifies a detached signature of an allowlist document with a public key the app ships.
///
/// ``AllowlistIntegrity/ed25519(publicKey:header:)`` provides one with CryptoKit on Apple
/// platforms; on other platforms, or for another algorithm, conform a type of your own:
///
/// ```swift
/// struct MyVerifier: AllowlistSignatureVerifier {
///   func isValidSignature(_ signature: Data, of document: Data) -> Bool {
///     MyCrypto.verify(signature, document, key: Keys.allowlist)
///   }
/// }
/// var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
/// configuration.integrity = .signature(verifier: MyVerifier())
/// ```
public protocol AllowlistSignatureVerifier: Sendable {
  /// Whether `signature` is a valid signature of exactly the bytes of `document`.
  func isValidSignature(_ signature: Data, of document: Data) -> Bool
}

/// A verifier made of a closure.
struct ClosureSignatureVerifier: AllowlistSignatureVerifier {
  let verify: @Sendable (Data, Data) -> Bool

  func isValidSignature(_ signature: Data, of document: Data) -> Bool { verify(signature, document) }
}
