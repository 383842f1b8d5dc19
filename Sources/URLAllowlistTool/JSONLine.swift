import Foundation

/// Reading JSON string literals and writing one JSON object per line.
enum JSONLine {
  /// Decodes a line holding one JSON string literal, or `nil` if it is anything else.
  ///
  /// A literal without escapes (what a list of URLs nearly always is) is read off its bytes;
  /// anything else goes to `JSONDecoder`, which alone decides what an escape means.
  static func decodeString(_ line: String) -> String? {
    var line = line
    let plain = line.withUTF8 { bytes -> String?? in
      let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }),
        bytes[first] == UInt8(ascii: "\"")
      else { return .some(nil) }
      let inner = UnsafeBufferPointer(rebasing: bytes[(first + 1)..<max(first + 1, last)])
      if first < last, bytes[last] == UInt8(ascii: "\""),
        !inner.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
      {
        return .some(String(decoding: inner, as: UTF8.self))
      }
      return nil
    }
    if let plain { return plain }
    let trimmed = line.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    return try? JSONDecoder().decode(String.self, from: Data(trimmed.utf8))
  }

  /// `{"input": …, "opens": …, "reason": …}` with keys in that order.
  static func rowObject(input: String, opens: String, reason: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(input.utf8.count + reason.utf8.count + 48)
    bytes.append(contentsOf: #"{"input":"#.utf8)
    appendLiteral(input, to: &bytes)
    bytes.append(contentsOf: #","opens":"#.utf8)
    appendLiteral(opens, to: &bytes)
    bytes.append(contentsOf: #","reason":"#.utf8)
    appendLiteral(reason, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A JSON string literal for `string`, with every scalar a terminal must not see as itself
  /// (``TerminalText/mustEscape(_:)``) written as a `\u` escape, as a surrogate pair above
  /// U+FFFF: the line stays valid JSON and decodes to `string` exactly.
  static func encode(_ string: String) -> String {
    var bytes: [UInt8] = []
    appendLiteral(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendLiteral(_ string: String, to bytes: inout [UInt8]) {
    var string = string
    bytes.append(UInt8(ascii: "\""))
    let isPlain = string.withUTF8 { utf8 in
      // Printable ASCII but the quote and the backslash stands for itself.
      guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
      else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !isPlain {
      for scalar in string.unicodeScalars { appendEscaped(scalar, to: &bytes) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    switch scalar {
    case "\"": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
    case "\\": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
    case "\n": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
    case "\r": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
    case "\t": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
    case _ where scalar.value >= 0x20 && scalar.value < 0x7F:
      bytes.append(UInt8(scalar.value))
    case _ where TerminalText.mustEscape(scalar):
      let hex = Array("0123456789abcdef".utf8)
      for unit in String(scalar).utf16 {
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int(unit >> UInt16(shift)) & 0xF]) }
      }
    default:
      UTF8.encode(scalar) { bytes.append($0) }
    }
  }
}
