import URLResponderChainCore

extension URLPatternParser {
  /// A literal path segment, in the spelling `EligibleURL.path` has, so that it matches
  /// every URL a server reads as that segment: RFC 3986's normal form (`%61` is `a`, `%2f`
  /// is `%2F`), with a character a path never holds raw (a space, `é`) percent-encoded as
  /// UTF-8, as browsers send it.
  ///
  /// Refused, because a URL would never hold it or two readers would split it differently:
  /// a control character, DEL or backslash (browsers read `\` as `/`); a `%` that does not
  /// begin an escape of two hex digits; a `/` inside the segment (a `/` followed by a
  /// combining mark is one character to the character parser); a segment that is a dot
  /// segment once normalized (`%2E%2E`); and a character that servers may read as ASCII
  /// (`ſ`, `ı`, the Kelvin sign, fullwidth `ａ` or `／`, `𝐚`: ``Allowlist/asciiLookalike(in:)``).
  static func literal(_ written: String) throws(URLPatternError) -> URLPattern.Segment {
    let problem = withUTF8(of: written) { bytes -> String? in
      for index in bytes.indices {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
          return "a path segment may not hold a control character or a backslash"
        }
        if byte == UInt8(ascii: "/") {
          return "\"\(written.shownEscaped(limit: 80))\" holds a \"/\" that is not a separator"
        }
        if byte == UInt8(ascii: "%"),
          index + 2 >= bytes.count || bytes[index + 1].hexValue == nil || bytes[index + 2].hexValue == nil
        {
          return "\"\(written.shownEscaped(limit: 80))\" holds a \"%\" that is not followed by two hex digits"
        }
      }
      return nil
    }
    if let problem { throw .invalidPath(problem) }
    if let letter = Allowlist.asciiLookalike(in: written) {
      throw .invalidPath(
        "\"\(written.shownEscaped(limit: 80))\" holds \"\(letter)\", which servers may read as ASCII (case mapping or NFKC); write it in ASCII"
      )
    }
    let normal = URLSafety.normalizingPercentEncoding(in: written)
    guard !withUTF8(of: normal, { URLSafety.isDotSegment($0) }) else { throw .invalidPath(dotSegmentProblem(written)) }
    return .literal(normal)
  }
}
