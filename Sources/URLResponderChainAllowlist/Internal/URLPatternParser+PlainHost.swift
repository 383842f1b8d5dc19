import URLResponderChainCore

extension URLPatternParser {
  /// Recognizes the commonest allowlist rule, a host or `*.host` already written in normal
  /// form, so that it can be compiled without a ``URLPattern``.
  ///
  /// Returns the host's range in `bytes` only when ``parse(_:allowsAppSchemes:)`` would
  /// accept the text as a pattern with no scheme, port or path whose normalized host is
  /// those very bytes: a host ``HostSyntax`` accepts that is already lowercase with no
  /// trailing dot, and no wildcard over a public suffix. Anything else, valid or not, returns
  /// `nil` and goes to the full parser, which alone reports problems. A differential test
  /// holds the two to that.
  static func plainHost(in bytes: UnsafeBufferPointer<UInt8>) -> (matchesSubdomainsOnly: Bool, host: Range<Int>)? {
    let matchesSubdomainsOnly = bytes.count >= 2 && bytes[0] == UInt8(ascii: "*") && bytes[1] == UInt8(ascii: ".")
    let start = matchesSubdomainsOnly ? 2 : 0
    let host = UnsafeBufferPointer(rebasing: bytes[start...])
    guard case .success(let shape) = HostSyntax.check(host), shape.isNormal else { return nil }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { return nil }
    return (matchesSubdomainsOnly, start..<bytes.count)
  }
}
