import Foundation
import URLResponderChainCore

#if canImport(CryptoKit)
  import CryptoKit
#endif

/// SHA-256 for pinned allowlist digests: CryptoKit's on Apple platforms, and a portable
/// FIPS 180-4 implementation (``PortableSHA256``) only where CryptoKit does not exist, such
/// as Linux, so that a pinned digest is checked the same way everywhere the Core runs.
enum SHA256Digest {
  /// The 32-byte digest of `message`.
  static func hash<Bytes: Collection<UInt8>>(_ message: Bytes) -> [UInt8] {
    #if canImport(CryptoKit)
      return Array(SHA256.hash(data: Data(message)))
    #else
      return PortableSHA256.hash(message)
    #endif
  }

  /// `digest` as 64 lowercase hexadecimal digits.
  static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] })
  }

  /// The 32 bytes written as 64 hexadecimal digits (either case), or `nil`.
  static func parseHex(_ text: String) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count == 64 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for index in stride(from: 0, to: 64, by: 2) {
      guard let high = utf8[index].hexValue, let low = utf8[index + 1].hexValue else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }
}
