import URLResponderChainCore

extension URLPatternParser {
  /// Recognizes the commonest allowlist rule, a host or `*.host` already written in normal
  /// form, so that it can be compiled without a ``URLPattern``.
  ///
  /// Returns the host's range in `bytes` only when ``parse(_:allowsAppSchemes:)`` would
  /// accept the text as a pattern with no scheme, port or path whose normalized host is
  /// those very bytes: lowercase letters, digits and hyphens in dot-separated labels of 1 to
  /// 63 bytes, at most 253 in all, no reserved `??--` label but a valid `xn--` one, a last label that is not a
  /// number, and no wildcard over a public suffix. Anything else, valid or not, returns
  /// `nil` and goes to the full parser, which alone reports problems. A differential test
  /// holds the two to that.
  static func plainHost(in bytes: UnsafeBufferPointer<UInt8>) -> (matchesSubdomainsOnly: Bool, host: Range<Int>)? {
    let matchesSubdomainsOnly = bytes.count >= 2 && bytes[0] == UInt8(ascii: "*") && bytes[1] == UInt8(ascii: ".")
    let start = matchesSubdomainsOnly ? 2 : 0
    guard bytes.count > start, bytes.count - start <= 253 else { return nil }
    var labelStart = start
    var index = start
    while true {
      while index < bytes.count, bytes[index] != UInt8(ascii: ".") {
        guard bytes[index].isLDH else { return nil }
        index += 1
      }
      let length = index - labelStart
      guard length > 0, length <= 63 else { return nil }
      if length >= 4, bytes[labelStart + 2] == UInt8(ascii: "-"), bytes[labelStart + 3] == UInt8(ascii: "-"),
        URLSafety.reservedLabelProblem(UnsafeBufferPointer(rebasing: bytes[labelStart..<index])) != nil
      {
        return nil
      }
      guard index < bytes.count else { break }
      index += 1
      labelStart = index
    }
    let host = UnsafeBufferPointer(rebasing: bytes[start...])
    guard !URLSafety.isNumeric(UnsafeBufferPointer(rebasing: bytes[labelStart...])) else { return nil }
    if matchesSubdomainsOnly, PublicSuffixes.contains(host) { return nil }
    return (matchesSubdomainsOnly, start..<bytes.count)
  }
}
