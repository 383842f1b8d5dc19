import Foundation
import URLResponderChainCore

extension Allowlist {
  /// The path as the most forgiving server reads `path` (an `EligibleURL.path`), or `nil`
  /// when that reading is `path` itself.
  ///
  /// Each step is a reading some server makes, so a deny rule is matched against all of them
  /// at once (with its literals folded the same way, by ``foldedSegment(_:)``):
  ///
  /// - every escape is decoded until none is left: a server or framework that decodes twice
  ///   reads `%2561` as `a` and `%252F` as `/` (IIS's double decoding, a proxy and an app
  ///   that each decode once);
  /// - a decoded NUL ends the path, as it does for C-string file APIs;
  /// - `\` is `/` (Windows), and each segment's `;` parameters are dropped (servlet
  ///   containers);
  /// - trailing dots and spaces of a segment are dropped, as Windows does for file names
  ///   (`admin.` and `admin%20` are `admin`);
  /// - letters are lowercased (Unicode lowercasing when the bytes are UTF-8, so the Kelvin
  ///   sign `K` is `k`), as case-insensitive file systems (Windows, macOS) serve them, and
  ///   text is put in Unicode's composed form (NFC), since macOS file systems take `é`
  ///   written as `e` and a combining accent for the same name;
  /// - dot segments are resolved again.
  ///
  /// The result is in the normal form of `EligibleURL.path`.
  ///
  /// - Throws: ``OverlongCombiningRun`` when the decoded path holds more combining marks in a
  ///   row than Unicode's stream-safe limit: no one writes such text, and composing it costs
  ///   time that grows with the square of the run (Foundation sorts the marks by insertion).
  package static func foldedReading(of path: String) throws(OverlongCombiningRun) -> String? {
    let folding = withUTF8(of: path) { bytes -> Result<String, OverlongCombiningRun>? in
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
      return needsFolding ? Result { () throws(OverlongCombiningRun) in try fold(bytes) } : nil
    }
    guard let folded = try folding?.get() else { return nil }
    let resolved = URLSafety.resolvingDotSegments(in: folded)
    return resolved == path ? nil : resolved
  }

  /// A literal path segment of a rule, folded as ``foldedReading(of:)`` folds a path. It may
  /// hold a `/` or be empty, and then matches no segment of a folded reading. A literal with
  /// an overlong run of combining marks is kept as written: every path that holds it has no
  /// folded reading, and is refused before it is compared.
  static func foldedSegment(_ literal: String) -> String {
    withUTF8(of: literal) { (try? fold($0)) ?? literal }
  }

  /// `bytes` decoded until no escape is left: an escape that decoding completes is decoded in
  /// turn (`%2541` is `%41`, then `A`), each byte once, so the cost stays linear. A decoded
  /// NUL ends the path.
  private static func fullyDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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
      if decoded.last == 0 {
        decoded.removeLast()
        break
      }
    }
    return decoded
  }

  /// The first letter in `path` (an `EligibleURL.path` or a rule's literal, its escapes
  /// decoded as the folded reading decodes them) that is not ASCII but that a case mapping
  /// turns into ASCII letters, or `nil`.
  ///
  /// Servers compare case-insensitively in different ways: lowercasing (`K`, the Kelvin sign,
  /// is `k`), uppercasing (`ſ` is `S`, `ı` is `I`; Java's `equalsIgnoreCase`), Unicode's full
  /// case folding (`ß` is `ss`, `ﬁ` is `fi`) or a simple mapping (`İ` is `i`). No one
  /// folding reads as all of them, so a path or rule holding such a letter is not folded but
  /// refused: no one writes `ſecret` for `secret`. These are the 20 letters of Unicode's
  /// CaseFolding.txt (status C and F) and case mappings that reach ASCII.
  package static func asciiCaseVariant(in path: String) -> Unicode.Scalar? {
    withUTF8(of: path) { bytes -> Unicode.Scalar? in
      guard bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else { return nil }
      let decoded = fullyDecoded(bytes)
      guard decoded.contains(where: { $0 >= 0x80 }) else { return nil }
      for scalar in String(decoding: decoded, as: UTF8.self).unicodeScalars
      where !scalar.isASCII && scalar.properties.changesWhenCaseMapped && reachesASCII(scalar) {
        return scalar
      }
      return nil
    }
  }

  /// Whether a case mapping of `scalar`, or the mapping of its mapping, holds an ASCII letter.
  private static func reachesASCII(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    let mappings = [
      properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping,
      properties.lowercaseMapping.uppercased(), properties.uppercaseMapping.lowercased(),
    ]
    return mappings.contains { mapping in
      mapping.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }
    }
  }

  /// Decodes, cuts and lowercases `bytes` as ``foldedReading(of:)`` says, and puts the result
  /// back in the normal form of `EligibleURL.path` (dot segments not resolved).
  private static func fold(_ bytes: UnsafeBufferPointer<UInt8>) throws(OverlongCombiningRun) -> String {
    let slash = UInt8(ascii: "/")
    let dot = UInt8(ascii: ".")
    var folded = fullyDecoded(bytes)

    // Each segment cut at its `;`, trailing dots and spaces dropped (a segment of dots and
    // spaces only keeps its dots, so that `.` and `..` stay dot segments), ASCII letters
    // lowercased: in place, since nothing grows.
    var write = 0
    var start = 0
    var isASCII = true
    let count = folded.count
    while start <= count {
      var end = start
      var cut = -1
      while end < count, folded[end] != slash, folded[end] != UInt8(ascii: "\\") {
        if cut < 0, folded[end] == UInt8(ascii: ";") { cut = end }
        end += 1
      }
      let stop = cut < 0 ? end : cut
      var last = stop
      while last > start, folded[last - 1] == dot || folded[last - 1] == UInt8(ascii: " ") { last -= 1 }
      if start > 0 {
        folded[write] = slash
        write += 1
      }
      if last > start {
        for index in start..<last {
          if folded[index] >= 0x80 { isASCII = false }
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
    let text = String(decoding: folded, as: UTF8.self)
    guard !isASCII, text.utf8.elementsEqual(folded) else {
      return folded.withUnsafeBufferPointer { URLSafety.normalizingPercentEncoding(of: $0) } ?? text
    }
    let lowered = text.lowercased()
    if OverlongCombiningRun.end(in: lowered.unicodeScalars) != nil { throw OverlongCombiningRun() }
    return URLSafety.normalizingPercentEncoding(in: lowered.precomposedStringWithCanonicalMapping)
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
