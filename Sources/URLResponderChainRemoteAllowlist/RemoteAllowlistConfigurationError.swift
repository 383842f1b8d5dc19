import URLResponderChainCore

/// Why a ``RemoteAllowlist`` cannot be created with a configuration: reported when the app
/// builds it, never at the first tap.
public enum RemoteAllowlistConfigurationError: Error, Sendable, Equatable {
  /// The endpoint is plain `http` on a host that is not loopback. Use `https`; `http` is
  /// accepted only for `localhost`, `127.0.0.0/8` and `::1` (tests and local development).
  case insecureEndpoint(String)
  /// The endpoint is not an `http(s)` URL with a host, or it carries credentials.
  case unsupportedEndpoint(String)
  /// A pinned SHA-256 digest is not 64 hexadecimal digits.
  case invalidDigest(String)
  /// A signature public key cannot be used (wrong length or encoding).
  case invalidPublicKey(String)
  /// The integrity check asked for is not available on this platform (Ed25519 without
  /// CryptoKit); supply an ``AllowlistSignatureVerifier`` instead.
  case integrityUnsupported(String)
}

extension RemoteAllowlistConfigurationError: CustomStringConvertible {
  /// A sentence for the developer who wrote the configuration.
  public var description: String {
    switch self {
    case .insecureEndpoint(let endpoint):
      "the allowlist endpoint \(endpoint) is plain http on a host that is not loopback; use https"
    case .unsupportedEndpoint(let reason): "the allowlist endpoint cannot be used: \(reason)"
    case .invalidDigest(let digest): "\"\(digest)\" is not a SHA-256 digest (64 hexadecimal digits)"
    case .invalidPublicKey(let reason): "the allowlist signature key cannot be used: \(reason)"
    case .integrityUnsupported(let reason): "the allowlist integrity check is not supported here: \(reason)"
    }
  }
}
