import Foundation

/// The folded reading, written the slow, obvious way: whole decoding passes until one changes
/// nothing, then the path cut into segments and each folded in turn.
package enum ReferenceFolding {
  /// The letters that a case mapping or Unicode's full case folding (CaseFolding.txt, C+F)
  /// turns into ASCII letters, listed by Python's `unicodedata` (Unicode 14): every scalar
  /// whose `lower()`, `upper()`, `title()`, `casefold()`, `upper().lower()` or
  /// `lower().upper()` holds an ASCII letter.
  package static let caseVariants: Set<UInt32> = [
    0x00DF, 0x0130, 0x0131, 0x0149, 0x017F, 0x01F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99, 0x1E9A, 0x1E9E, 0x212A, 0xFB00,
    0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06,
  ]

  /// The first such letter in the path, its escapes decoded until none is left.
  package static func caseVariant(in path: String) -> Unicode.Scalar? {
    String(decoding: decoded(path), as: UTF8.self).unicodeScalars.first { caseVariants.contains($0.value) }
  }

  /// Whole decoding passes until one changes nothing; a NUL ends the text.
  package static func decoded(_ text: String) -> [UInt8] {
    var bytes = Array(text.utf8)
    while true {
      var pass: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
          let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
        {
          pass.append(value)
          index += 3
        } else {
          pass.append(bytes[index])
          index += 1
        }
      }
      if pass == bytes { break }
      bytes = pass
    }
    if let nul = bytes.firstIndex(of: 0) { bytes = Array(bytes[..<nul]) }
    return bytes
  }

  package static func reading(of path: String) -> String {
    ReferenceWHATWGPath.resolve(fold(path))
  }

  package static func fold(_ text: String) -> String {
    let bytes = decoded(text)
    let segments = bytes.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
      .map { whole -> [UInt8] in
        var segment = Array(whole.prefix { $0 != UInt8(ascii: ";") })
        if segment.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ") }) {
          segment.removeAll { $0 == UInt8(ascii: " ") }
        } else {
          while let last = segment.last, last == UInt8(ascii: ".") || last == UInt8(ascii: " ") { segment.removeLast() }
        }
        return segment
      }
    let joined = Array(segments.joined(separator: [UInt8(ascii: "/")]))
    let text = String(decoding: joined, as: UTF8.self)
    let lowered =
      text.utf8.elementsEqual(joined)
      ? Array(text.lowercased().precomposedStringWithCanonicalMapping.utf8)
      : joined.map { byte in
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
      }
    // RFC 3986's `pchar` (without escapes) and `/` stay; a stray `%` stays; all else is escaped.
    let raw = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%".utf8)
    return lowered.map { raw.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
  }
}
