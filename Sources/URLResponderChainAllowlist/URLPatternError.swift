import URLResponderChainCore

/// Why a host or route pattern was rejected when it was loaded.
public enum URLPatternError: Error, Sendable, Equatable {
  /// The pattern is empty.
  case empty
  /// The scheme is not `http`, `https` or omitted (in a route table: nor an app's own scheme).
  case unsupportedScheme(String)
  /// A `*` appears anywhere but as the whole first host label or the last path segment.
  case misplacedWildcard
  /// A wildcard sits directly over a public suffix, such as `*.com` or `*.co.uk`.
  case wildcardOverPublicSuffix(String)
  /// The host is not a valid domain name, with the reason.
  case invalidHost(String)
  /// The port is not a number from 1 to 65535.
  case invalidPort(String)
  /// The path is not a sequence of segments, placeholders (`:name`) and a trailing `*`.
  case invalidPath(String)
}

extension URLPatternError: CustomStringConvertible {
  /// A sentence a developer can act on.
  public var description: String {
    switch self {
    case .empty: "the pattern is empty"
    case .unsupportedScheme(let scheme): "scheme \"\(scheme)\" is not http or https"
    case .misplacedWildcard: "\"*\" may only be the whole first host label or the last path segment"
    case .wildcardOverPublicSuffix(let suffix):
      "a wildcard directly over the public suffix \"\(suffix)\" would match anyone's site"
    case .invalidHost(let reason): "invalid host: \(reason)"
    case .invalidPort(let port): "invalid port \"\(port)\""
    case .invalidPath(let reason): "invalid path: \(reason)"
    }
  }
}
