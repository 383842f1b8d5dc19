extension URLSafety {
  /// `path` in the normal form of RFC 3986 §6.2.2.1–2, so that two spellings a server reads
  /// as one path are one path here too:
  ///
  /// - a percent-encoded unreserved character (`%61` for `a`, `%7E` for `~`, `%2E` for `.`)
  ///   is decoded, since §2.3 makes the two spellings equivalent;
  /// - every other percent-encoded byte keeps its escape, with its hex digits in uppercase
  ///   (`%2f` is `%2F`): an encoded reserved character, such as `%2F`, is not the character;
  /// - a byte that may not stand raw in a path (anything but unreserved characters,
  ///   sub-delimiters, `:`, `@` and `/`) is percent-encoded, as Foundation and browsers
  ///   encode it;
  /// - a `%` not followed by two hex digits is kept as it is.
  ///
  /// A deny rule for `/ads/*` therefore also matches `/%61ds/1`, which every server serves
  /// as `/ads/1`. Dot segments are resolved afterwards, by ``resolvingDotSegments(in:)``.
  ///
  /// - Returns: `path` itself when it is already in normal form.
  package static func normalizingPercentEncoding(in path: String) -> String {
    withUTF8(of: path) { normalizingPercentEncoding(of: $0) } ?? path
  }

  /// The UTF-8 `bytes` of a path in the normal form of ``normalizingPercentEncoding(in:)``,
  /// or `nil` when they are in it already (and so ASCII). Bytes that are not UTF-8 keep their
  /// values, escaped.
  package static func normalizingPercentEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.contains(where: { !$0.isRawPathByte }) else { return nil }
    // Written straight into the string's storage: at most three bytes for each byte read.
    return String(unsafeUninitializedCapacity: bytes.count * 3) { normal in
      let hex: StaticString = "0123456789ABCDEF"
      var index = 0
      var count = 0
      while index < bytes.count {
        var byte = bytes[index]
        var escape = !byte.isRawPathByte && byte != UInt8(ascii: "%")
        if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = bytes[index + 1].hexValue,
          let low = bytes[index + 2].hexValue
        {
          byte = high << 4 | low
          escape = !byte.isUnreserved
          index += 2
        }
        if escape {
          normal[count] = UInt8(ascii: "%")
          normal[count + 1] = hex.utf8Start[Int(byte >> 4)]
          normal[count + 2] = hex.utf8Start[Int(byte & 0xF)]
          count += 3
        } else {
          normal[count] = byte
          count += 1
        }
        index += 1
      }
      return count
    }
  }
}

extension UInt8 {
  /// The value of an ASCII hex digit, either case.
  package var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
  var isUnreserved: Bool {
    asciiLowercased.isLDH || self == UInt8(ascii: ".") || self == UInt8(ascii: "_") || self == UInt8(ascii: "~")
  }

  /// A byte a path in normal form holds as itself: RFC 3986's `pchar` without
  /// `pct-encoded`, and `/`.
  var isRawPathByte: Bool {
    switch self {
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&")...UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
      true
    default: isUnreserved
    }
  }
}
