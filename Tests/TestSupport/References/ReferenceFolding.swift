import Foundation

/// The folded reading, written the slow, obvious way: whole decoding passes until one changes
/// nothing, then NFKC_Casefold, then the path cut into segments and each folded in turn.
package enum ReferenceFolding {
  /// The scalars servers may read as ASCII (NFKC, NFKC_Casefold, case mappings), as Python's
  /// `unicodedata` lists them (`Fixtures/ascii-lookalikes.txt`), read once.
  package static let caseVariants: Set<UInt32> = {
    guard let text = try? String(contentsOf: Fixtures.asciiLookalikes, encoding: .utf8) else { return [] }
    var scalars: Set<UInt32> = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let bounds = line.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt32($0, radix: 16) }
      if bounds.count == 2 { scalars.formUnion(bounds[0]...bounds[1]) }
    }
    return scalars
  }()

  /// The letters a case mapping turns into ASCII (CaseFolding.txt, SpecialCasing.txt), and
  /// the ASCII a server that compares in upper or lower case reads them as.
  package static let caseLetters: [(String, String)] = [
    ("\u{DF}", "ss"), ("\u{130}", "i"), ("\u{131}", "i"), ("\u{149}", "n"), ("\u{17F}", "s"), ("\u{1F0}", "j"),
    ("\u{1E96}", "h"), ("\u{1E97}", "t"), ("\u{1E98}", "w"), ("\u{1E99}", "y"), ("\u{1E9A}", "a"),
    ("\u{1E9E}", "ss"), ("\u{212A}", "k"), ("\u{FB00}", "ff"), ("\u{FB01}", "fi"), ("\u{FB02}", "fl"),
    ("\u{FB03}", "ffi"), ("\u{FB04}", "ffl"), ("\u{FB05}", "st"), ("\u{FB06}", "st"),
  ]

  /// The first scalar of the decoded path that servers may read as ASCII.
  package static func caseVariant(in path: String) -> Unicode.Scalar? {
    String(decoding: decoded(path), as: UTF8.self).unicodeScalars.first { caseVariants.contains($0.value) }
  }

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
    bytes = overlongASCIIRead(bytes)
    if let nul = bytes.firstIndex(of: 0) { bytes = Array(bytes[..<nul]) }
    return bytes
  }

  /// Each overlong UTF-8 form of an ASCII character (two bytes `C0`/`C1`, or three from `E0 80`
  /// or `E0 81`) as the character, as legacy decoders read it.
  package static func overlongASCIIRead(_ bytes: [UInt8]) -> [UInt8] {
    var read: [UInt8] = []
    var index = 0
    func continues(_ at: Int) -> Bool { at < bytes.count && (0x80...0xBF).contains(bytes[at]) }
    while index < bytes.count {
      let byte = bytes[index]
      if (byte == 0xC0 || byte == 0xC1) && continues(index + 1) {
        read.append(UInt8((Int(byte) - 0xC0) * 64 + Int(bytes[index + 1]) - 0x80))
        index += 2
      } else if byte == 0xE0, index + 1 < bytes.count, bytes[index + 1] == 0x80 || bytes[index + 1] == 0x81,
        continues(index + 2)
      {
        read.append(UInt8((Int(bytes[index + 1]) - 0x80) * 64 + Int(bytes[index + 2]) - 0x80))
        index += 3
      } else {
        read.append(byte)
        index += 1
      }
    }
    return read
  }

  package static func reading(of path: String) -> String {
    ReferenceWHATWGPath.resolve(fold(path))
  }

  package static func fold(_ text: String) -> String {
    var bytes = decoded(text)
    // NFKC_Casefold first (UAX #15), so that fullwidth `／` and `．` cut and make segments.
    if case var valid = String(decoding: bytes, as: UTF8.self), valid.utf8.elementsEqual(bytes),
      bytes.contains(where: { $0 >= 0x80 })
    {
      for (letter, ascii) in caseLetters { valid = valid.replacingOccurrences(of: letter, with: ascii) }
      let folded = valid.precomposedStringWithCompatibilityMapping.folding(options: .caseInsensitive, locale: nil)
        .precomposedStringWithCompatibilityMapping
      bytes = Array(
        String(String.UnicodeScalarView(folded.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }))
          .utf8)
    }
    let segments = bytes.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
      .map { whole -> [UInt8] in
        var segment = Array(whole.prefix { $0 != UInt8(ascii: ";") })
        // NTFS's own stream of a file, `::$DATA`, names the file.
        if String(decoding: segment, as: UTF8.self).lowercased().hasSuffix("::$data") { segment.removeLast(7) }
        // Spaces and control characters around a segment are trimmed (Java's `trim()`), and
        // trailing dots dropped; a segment of dots alone keeps them.
        if segment.allSatisfy({ $0 == UInt8(ascii: ".") || $0 <= 0x20 }) {
          segment.removeAll { $0 <= 0x20 }
        } else {
          while let first = segment.first, first <= 0x20 { segment.removeFirst() }
          while let last = segment.last, last == UInt8(ascii: ".") || last <= 0x20 { segment.removeLast() }
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
