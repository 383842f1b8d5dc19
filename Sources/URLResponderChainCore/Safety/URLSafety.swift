package import Foundation

/// The URL safety rules that ``EligibleURL``'s initializers apply; see there for the rules.
///
/// The checks return a `Result` so that matching code can branch without a `do`/`catch`.
package enum URLSafety {
  /// Checks a string the app is about to open.
  ///
  /// - Parameters:
  ///   - string: The raw URL string.
  ///   - permittedPorts: Non-default ports a rule names explicitly.
  /// - Returns: The eligible URL (whose ``EligibleURL/url`` is the value to open) or why not.
  package static func check(_ string: String, permittedPorts: Set<Int> = []) -> Result<EligibleURL, URLRefusal> {
    return withUTF8(of: string) { bytes in
      let (forbidden, isASCII) = scan(bytes)
      if let forbidden { return .failure(.forbiddenCharacter(UInt32(forbidden))) }
      guard let url = URL(string: string) else { return .failure(.malformed) }
      return check(url, written: bytes, isASCII: isASCII, customSchemes: [], permittedPorts: permittedPorts)
    }
  }

  /// Checks a URL value the app is about to open.
  ///
  /// - Parameters:
  ///   - url: The URL; its `absoluteString` is what is checked, and `url` itself is returned.
  ///   - permittedPorts: Non-default ports a rule names explicitly.
  /// - Returns: The eligible URL or why not.
  package static func check(_ url: URL, permittedPorts: Set<Int> = []) -> Result<EligibleURL, URLRefusal> {
    check(url, customSchemes: [], permittedPorts: permittedPorts)
  }

  /// Checks a URL that may use one of the app's own schemes, with the same rules as web URLs:
  /// written `scheme://host`, no user info, no forbidden characters, the host as written.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - customSchemes: The app's own schemes, lowercase; `http` and `https` are accepted too.
  ///     Reserved schemes (`javascript`, `file`, `data`, …) are never accepted.
  ///   - permittedPorts: Ports a rule names explicitly (a custom scheme has no default port).
  /// - Returns: The eligible URL or why not.
  package static func check(
    _ url: URL, customSchemes: Set<String>, permittedPorts: Set<Int> = []
  ) -> Result<EligibleURL, URLRefusal> {
    return withUTF8(of: url.absoluteString) { bytes in
      let (forbidden, isASCII) = scan(bytes)
      if let forbidden { return .failure(.forbiddenCharacter(UInt32(forbidden))) }
      return check(url, written: bytes, isASCII: isASCII, customSchemes: customSchemes, permittedPorts: permittedPorts)
    }
  }

  /// The first control character, space, DEL or backslash in the UTF-8 `bytes`, as its
  /// byte, and whether every byte is ASCII (when none is forbidden).
  ///
  /// Every forbidden scalar is ASCII, and in UTF-8 an ASCII byte only ever stands for
  /// itself, so the first such byte is the first such scalar.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (forbidden: UInt8?, isASCII: Bool) {
    var isASCII = true
    var index = 0
    // Eight bytes at a time while none can be forbidden or non-ASCII; the byte loop below
    // decides whatever a word flags, so a word only ever skips bytes that are fine.
    let raw = UnsafeRawBufferPointer(bytes)
    while index + 8 <= raw.count, !mayNeedALook(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
      index += 8
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return (byte, false) }
      if byte >= 0x80 { isASCII = false }
      index += 1
    }
    return (nil, isASCII)
  }

  /// Whether any of the eight bytes in `word` is at most 0x20, 0x7F or above, or a
  /// backslash (with, at worst, a false alarm: the caller then looks byte by byte).
  @inline(__always)
  private static func mayNeedALook(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // A byte under 0x21 (exact for bytes under 0x80), a byte over 0x7E (with 0x7F), and a
    // zero byte of `word ^ "\\"s`: the classic "has a byte less than n" and "has a zero byte".
    let below = (word &- ones &* 0x21) & ~word & highs
    let above = (word &+ ones) | word
    let backslashes = word ^ (ones &* 0x5C)
    let zero = (backslashes &- ones) & ~backslashes & highs
    return below | (above & highs) | zero != 0
  }

  /// The checks after the forbidden characters, on the UTF-8 `bytes` as written: on the
  /// bytes themselves when they are ASCII (every `URL`'s `absoluteString` is), on the
  /// characters otherwise.
  private static func check(
    _ url: URL, written bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, customSchemes: Set<String>,
    permittedPorts: Set<Int>
  ) -> Result<EligibleURL, URLRefusal> {
    guard isASCII else {
      let written = String(decoding: bytes, as: UTF8.self)
      return checkCharacters(url, written: written, customSchemes: customSchemes, permittedPorts: permittedPorts)
    }
    return checkASCII(url, written: bytes, customSchemes: customSchemes, permittedPorts: permittedPorts)
  }

  /// The last rule, shared by both paths: a port other than the scheme's default must be
  /// permitted. Then the eligible URL, with Foundation's percent-encoded path in RFC 3986's
  /// normal form and resolved as a browser resolves it (dot segments), since that is the
  /// path that opens.
  static func eligible(
    _ url: URL, scheme: String, host: String, writtenPort: Int?, defaultPort: Int?, permittedPorts: Set<Int>
  ) -> Result<EligibleURL, URLRefusal> {
    var port: Int?
    if let writtenPort, writtenPort != defaultPort {
      guard permittedPorts.contains(writtenPort) else { return .failure(.nonDefaultPort(writtenPort)) }
      port = writtenPort
    }
    let path = resolvingDotSegments(in: normalizingPercentEncoding(in: url.path(percentEncoded: true)))
    return .success(EligibleURL(url: url, scheme: scheme, host: host, port: port, path: path))
  }
}
