import URLResponderChainCore

/// HTTP field values read as RFC 9110 writes them: as bytes.
///
/// A comma, a semicolon, a quote or white space is one byte whatever follows it. Read as Swift
/// `Character`s, a comma followed by a combining mark or a joiner is one character and no
/// comma at all, so the directive before it (`no-store,\u{301}…`) would vanish into the next.
/// Tokens compare ASCII case-insensitively (§5.6.2) and opaque values byte for byte, so no
/// Unicode case mapping or canonical equivalence can make two different values the same.
enum HTTPFieldValue {
  /// The members of a comma-separated list (§5.6.1), without the white space around them.
  /// Empty members are dropped, as §5.6.1.2 asks; a comma inside a quoted string (§5.6.4)
  /// does not split.
  static func members(of value: Substring) -> [Substring] {
    var members: [Substring] = []
    let bytes = value.utf8
    var start = bytes.startIndex
    var inQuotes = false
    var escaped = false
    var index = start
    while index != bytes.endIndex {
      let byte = bytes[index]
      if escaped {
        escaped = false
      } else if inQuotes, byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if byte == UInt8(ascii: ","), !inQuotes {
        let member = trimmed(value[start..<index])
        if !member.isEmpty { members.append(member) }
        start = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
    let last = trimmed(value[start..<index])
    if !last.isEmpty { members.append(last) }
    return members
  }

  /// `value` without leading and trailing optional white space: spaces and tabs (§5.6.3).
  static func trimmed(_ value: Substring) -> Substring {
    let bytes = value.utf8
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start != end, isWhiteSpace(bytes[start]) { start = bytes.index(after: start) }
    while start != end, isWhiteSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
    return value[start..<end]
  }

  /// Whether `value` is `token`, ignoring ASCII case only; `token` is lowercase ASCII.
  static func matches(_ value: Substring, token: String) -> Bool {
    guard value.utf8.count == token.utf8.count else { return false }
    var expected = token.utf8.makeIterator()
    for byte in value.utf8 where byte.asciiLowercased != expected.next() { return false }
    return true
  }

  /// Whether two values are the same bytes: no canonical equivalence, unlike `String`'s `==`.
  static func sameBytes(_ lhs: Substring, _ rhs: Substring) -> Bool {
    lhs.utf8.elementsEqual(rhs.utf8)
  }

  /// The integer `1*DIGIT` writes (delta-seconds, §1.2.2 of RFC 9111), or `nil` for anything
  /// else (a sign, a space, a fraction, nothing). A value too large to represent is 2^31, as
  /// §1.2.2 says; leading zeros count for nothing, however many there are.
  static func deltaSeconds(_ value: Substring) -> Int? {
    guard !value.isEmpty else { return nil }
    let largest = 2_147_483_648
    var seconds = 0
    for byte in value.utf8 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      seconds = min(seconds * 10 + Int(byte - UInt8(ascii: "0")), largest)
    }
    return seconds
  }

  /// `value` without one pair of surrounding double quotes, if it has them.
  static func unquoted(_ value: Substring) -> Substring {
    let bytes = value.utf8
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return value }
    return value[bytes.index(after: bytes.startIndex)..<bytes.index(before: bytes.endIndex)]
  }

  /// The ASCII letters of `value` lowercased; every other byte as it is. Field names are
  /// tokens, compared without regard to ASCII case (§5.1).
  static func asciiLowercased(_ value: String) -> String {
    guard value.utf8.contains(where: { $0.asciiLowercased != $0 }) else { return value }
    return String(decoding: value.utf8.map(\.asciiLowercased), as: UTF8.self)
  }

  /// Whether `byte` may appear in a token (`tchar`, §5.6.2).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    byte.asciiLowercased.isLDH || "!#$%&'*+.^_`|~".utf8.contains(byte)
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
