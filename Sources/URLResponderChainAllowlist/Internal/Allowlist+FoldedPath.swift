import Foundation
import URLResponderChainCore

extension Allowlist {
  /// The paths the most forgiving servers read in `path` (an `EligibleURL.path`), none when
  /// each would be `path` itself.
  ///
  /// Each step is a reading some server makes, so a deny rule is matched against all of them
  /// at once (with its literals folded the same way, by ``foldedSegment(_:)``):
  ///
  /// - every escape is decoded until none is left: a server or framework that decodes twice
  ///   reads `%2561` as `a` and `%252F` as `/` (IIS's double decoding, a proxy and an app
  ///   that each decode once);
  /// - a decoded NUL ends the path, as it does for C-string file APIs; a server that decodes
  ///   before it drops `;` parameters drops a NUL with them, so a path with a decoded NUL has
  ///   a second reading that keeps it (`/a%3Bx%00/admin` is `/a` and `/a/admin`);
  /// - `\` is `/` (Windows), and each segment's `;` parameters are dropped (servlet
  ///   containers);
  /// - trailing dots and spaces of a segment are dropped, as Windows does for file names
  ///   (`admin.` and `admin%20` are `admin`);
  /// - text that is UTF-8 is mapped by NFKC_Casefold (``URLSafety/compatibilityFolded(_:)``):
  ///   letters in one case (the Kelvin sign `K` is `k`, `ſ` is `s`), compatibility forms in
  ///   their plain form (fullwidth `ａ` is `a`, `．／` is `./`) and composed (`é` written as `e`
  ///   and a combining accent is `é`), as case-insensitive file systems, normalizing servers
  ///   and Windows' best-fit conversion serve them; ASCII letters are lowercased in any case;
  /// - dot segments are resolved again.
  ///
  /// Each reading is in the normal form of `EligibleURL.path`.
  ///
  /// - Throws: ``OverlongCombiningRun`` when the decoded path holds more combining marks in a
  ///   row than Unicode's stream-safe limit: no one writes such text, and composing it costs
  ///   time that grows with the square of the run (Foundation sorts the marks by insertion).
  package static func foldedReadings(of path: String) throws(OverlongCombiningRun) -> [String] {
    let folding = withUTF8(of: path) { bytes -> Result<[String], OverlongCombiningRun> in
      // Most paths hold nothing to fold: no escape, parameter or capital letter, and no
      // segment that ends in a dot (a space is always escaped).
      var index = 0
      var needsFolding = false
      while index < bytes.count, !needsFolding {
        let byte = bytes[index]
        needsFolding =
          byte == UInt8(ascii: "%") || byte == UInt8(ascii: ";") || byte.asciiLowercased != byte
          || (byte == UInt8(ascii: ".") && (index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: "/")))
        index += 1
      }
      guard needsFolding else { return .success([]) }
      return Result { () throws(OverlongCombiningRun) in
        let decoded = readingOverlongASCII(fullyDecoded(bytes, keepsNUL: true))
        var readings = [try fold(decoded.prefix { $0 != 0 })]
        if decoded.contains(0) { readings.append(try fold(decoded[...])) }
        return readings
      }
    }
    var readings: [String] = []
    for folded in try folding.get() {
      let resolved = URLSafety.resolvingDotSegments(in: folded)
      if resolved != path, !readings.contains(resolved) { readings.append(resolved) }
    }
    return readings
  }

  /// The first of ``foldedReadings(of:)``, or `nil` when it has none.
  package static func foldedReading(of path: String) throws(OverlongCombiningRun) -> String? {
    try foldedReadings(of: path).first
  }

  /// A literal path segment of a rule, folded as ``foldedReading(of:)`` folds a path. It may
  /// hold a `/` or be empty, and then matches no segment of a folded reading. A literal with
  /// an overlong run of combining marks is kept as written: every path that holds it has no
  /// folded reading, and is refused before it is compared.
  static func foldedSegment(_ literal: String) -> String {
    withUTF8(of: literal) { (try? fold(readingOverlongASCII(fullyDecoded($0))[...])) ?? literal }
  }

  /// `bytes` decoded until no escape is left: an escape that decoding completes is decoded in
  /// turn (`%2541` is `%41`, then `A`), each byte once, so the cost stays linear. A decoded
  /// NUL ends the path, unless `keepsNUL` (a placeholder's value, read by Swift code).
  static func fullyDecoded(_ bytes: UnsafeBufferPointer<UInt8>, keepsNUL: Bool = false) -> [UInt8] {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    for byte in bytes {
      decoded.append(byte)
      while decoded.count >= 3, decoded[decoded.count - 3] == UInt8(ascii: "%"),
        let high = decoded[decoded.count - 2].hexValue, let low = decoded[decoded.count - 1].hexValue
      {
        decoded.removeLast(3)
        decoded.append(high << 4 | low)
      }
      if !keepsNUL, decoded.last == 0 {
        decoded.removeLast()
        break
      }
    }
    return decoded
  }

  /// The first character in `path` (an `EligibleURL.path` or a rule's literal, its escapes
  /// decoded as the folded reading decodes them) that is not ASCII but that servers may read
  /// as ASCII, or `nil`.
  ///
  /// Servers compare and convert text in different ways: lowercasing (`K`, the Kelvin sign,
  /// is `k`), uppercasing (`ſ` is `S`, `ı` is `I`; Java's `equalsIgnoreCase`), Unicode's full
  /// case folding (`ß` is `ss`), compatibility normalization (NFKC, UAX #15: fullwidth `ａ`
  /// is `a`, `𝐚` is `a`, `ⅰ` is `i`, fullwidth `．` and `／` are `.` and `/`), and Windows'
  /// "best-fit" conversion to a code page, which maps the same characters. No one reading
  /// reads as all of them, so a path or rule holding such a character is refused, not
  /// folded: no one writes `ſecret` for `secret`. Refused: every scalar whose NFKC or
  /// NFKC_Casefold form, or one of whose case mappings, holds ASCII. A character that
  /// NFKC_Casefold removes (a soft hyphen, a zero-width joiner in an emoji) is not refused:
  /// the folded reading drops it, so a deny rule for `/admin` blocks `/ad\u{AD}min`.
  package static func asciiLookalike(in path: String) -> Unicode.Scalar? {
    withUTF8(of: path) { bytes -> Unicode.Scalar? in
      guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else { return nil }
      let decoded = fullyDecoded(bytes)
      guard decoded.contains(where: { $0 >= 0x80 }) else { return nil }
      return String(decoding: decoded, as: UTF8.self).unicodeScalars.first { !$0.isASCII && readsAsASCII($0) }
    }
  }

  /// Whether servers may read `scalar` (not ASCII) as ASCII.
  package static func readsAsASCII(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    // Every such scalar is one NFKC_Casefold changes, or one of the few it keeps that
    // uppercase to ASCII (`ASCIILookalikeDifferentialTests`): for the rest, most letters of
    // most scripts, the check costs a property read.
    guard properties.changesWhenNFKCCaseFolded else { return URLSafety.caseOnlyLookalikes.contains(scalar) }
    if properties.changesWhenCaseMapped {
      let mappings = [
        properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping,
        properties.lowercaseMapping.uppercased(), properties.uppercaseMapping.lowercased(),
      ]
      if mappings.contains(where: { $0.unicodeScalars.contains(where: \.isASCII) }) { return true }
    }
    return URLSafety.compatibilityFolded(String(scalar)).unicodeScalars.contains(where: \.isASCII)
      || String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars.contains(where: \.isASCII)
  }

  /// `decoded` (a path or a literal, its escapes decoded) folded: mapped, cut into segments,
  /// each cut at its `;` and stripped of trailing dots and spaces.
  private static func fold(_ decoded: ArraySlice<UInt8>) throws(OverlongCombiningRun) -> String {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    var folded = Array(decoded)
    // Text that is UTF-8 is mapped by NFKC_Casefold before it is cut into segments: fullwidth
    // `／` and `．` become `/` and `.`, so they cut segments and make dot segments as they do
    // for a server that normalizes.
    if folded.contains(where: { $0 >= 0x80 }), case let text = String(decoding: folded, as: UTF8.self),
      text.utf8.elementsEqual(folded)
    {
      if OverlongCombiningRun.end(in: text.unicodeScalars) != nil { throw OverlongCombiningRun() }
      folded = Array(URLSafety.compatibilityFolded(text).utf8)
    }

    // Each segment cut at its `;` and at a Windows stream name (`admin::$DATA` is `admin` to
    // IIS), trailing dots, spaces and control characters dropped and leading spaces and
    // control characters too (Java's `trim()`, which Spring applies to each segment, reads
    // `/%20admin%09` as `/admin`); a segment of dots and spaces only keeps its dots, so that
    // `.` and `..` stay dot segments; ASCII letters lowercased: in place, since nothing grows.
    var write = 0
    var start = 0
    let count = folded.count
    while start <= count {
      var end = start
      var cut = -1
      while end < count, folded[end] != slash, folded[end] != UInt8(ascii: "\\") {
        if cut < 0, folded[end] == UInt8(ascii: ";") { cut = end }
        end += 1
      }
      var stop = cut < 0 ? end : cut
      if stop - start >= 7, Self.endsInDataStream(folded[(stop - 7)..<stop]) { stop -= 7 }
      var first = start
      while first < stop, folded[first] <= 0x20 { first += 1 }
      var last = stop
      while last > first, folded[last - 1] == dot || folded[last - 1] <= 0x20 { last -= 1 }
      if start > 0 {
        folded[write] = slash
        write += 1
      }
      if last > first {
        for index in first..<last {
          folded[write] = folded[index].asciiLowercased
          write += 1
        }
      } else {
        for index in start..<stop where folded[index] == dot {
          folded[write] = dot
          write += 1
        }
      }
      start = end + 1
    }
    folded.removeSubrange(write...)

    // Bytes that are not UTF-8 keep their values (escaped); only ASCII letters fold among them.
    return folded.withUnsafeBufferPointer { URLSafety.normalizingPercentEncoding(of: $0) }
      ?? String(decoding: folded, as: UTF8.self)
  }

  /// Whether `bytes` (seven of them) are `::$data` in any case: NTFS's name for a file's own
  /// stream, which IIS serves as the file.
  private static func endsInDataStream(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.map(\.asciiLowercased).elementsEqual("::$data".utf8)
  }

  /// `bytes` with every overlong UTF-8 form of an ASCII character (`%C0%AE` and `%E0%80%AE`
  /// for `.`, `%C0%AF` for `/`) read as that character, as legacy decoders (IIS's Unicode
  /// traversal) read them. Linear: each byte is looked at once.
  static func readingOverlongASCII(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(where: { $0 == 0xC0 || $0 == 0xC1 || $0 == 0xE0 }) else { return bytes }
    var read: [UInt8] = []
    read.reserveCapacity(bytes.count)
    var index = 0
    func isContinuation(_ offset: Int) -> Bool {
      index + offset < bytes.count && bytes[index + offset] & 0xC0 == 0x80
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0xC0 || byte == 0xC1, isContinuation(1) {
        read.append((byte & 0x01) << 6 | bytes[index + 1] & 0x3F)
        index += 2
      } else if byte == 0xE0, isContinuation(1), bytes[index + 1] & 0x3E == 0, isContinuation(2) {
        read.append((bytes[index + 1] & 0x01) << 6 | bytes[index + 2] & 0x3F)
        index += 3
      } else {
        read.append(byte)
        index += 1
      }
    }
    return read
  }
}

extension URLPattern {
  /// This pattern with each literal path segment folded as a forgiving server folds a path
  /// (``Allowlist/foldedSegment(_:)``); `nil` when folding changes none of them.
  package func foldingPath() -> URLPattern? {
    guard let path else { return nil }
    var changed = false
    var folded = path
    for (index, segment) in path.enumerated() {
      guard case .literal(let literal) = segment else { continue }
      let foldedLiteral = Allowlist.foldedSegment(literal)
      if foldedLiteral != literal {
        changed = true
        folded[index] = .literal(foldedLiteral)
      }
    }
    guard changed else { return nil }
    return URLPattern(self, path: folded)
  }

  /// `pattern` with another path.
  private init(_ pattern: URLPattern, path: [Segment]) {
    description = pattern.description
    scheme = pattern.scheme
    host = pattern.host
    matchesSubdomainsOnly = pattern.matchesSubdomainsOnly
    port = pattern.port
    self.path = path
  }
}
