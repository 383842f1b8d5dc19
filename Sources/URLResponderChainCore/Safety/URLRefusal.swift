/// Why a URL may not go to an allowlist check or an in-app browser.
public enum URLRefusal: Error, Sendable, Equatable {
  /// The input could not be parsed as a URL at all.
  case malformed
  /// The input contains a control character, space, DEL or backslash (given as its code point).
  case forbiddenCharacter(UInt32)
  /// The scheme is not `http`, `https` or one of the app's own schemes asked for (given lowercased).
  case unsupportedScheme(String)
  /// The URL is not written `scheme://host…`.
  case missingAuthority
  /// The URL carries a user name or password (`https://good.com@evil.com`).
  case userInfo
  /// The host is missing or empty.
  case missingHost
  /// The host is an IP address in some form (dotted, decimal, octal, hex or IPv6).
  case ipAddress(String)
  /// The host is not made of letters, digits and hyphens (with a reason).
  case invalidHost(String)
  /// The port is not the scheme's default and no rule names it.
  case nonDefaultPort(Int)
}

extension URLRefusal: CustomStringConvertible {
  /// A sentence a developer can act on.
  public var description: String {
    switch self {
    case .malformed: "not a valid URL"
    case .forbiddenCharacter(let scalar):
      "contains a forbidden character (U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4)))"
    case .unsupportedScheme(let scheme): "scheme \"\(scheme)\" is not http or https"
    case .missingAuthority: "not written as scheme://host"
    case .userInfo: "contains a user name or password"
    case .missingHost: "has no host"
    case .ipAddress(let host): "host \"\(host)\" is an IP address"
    case .invalidHost(let reason): "host is invalid: \(reason)"
    case .nonDefaultPort(let port): "port \(port) is not the scheme's default"
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
