import Foundation

/// RFC 3986's syntax-based normalization of a path (§6.2.2.1 case, §6.2.2.2 percent-encoding),
/// transcribed on characters, as `URLSafety.normalizingPercentEncoding(in:)` is compared with.
package enum ReferenceRFC3986Path {
  /// §2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
  package static let unreserved = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)
  /// §3.3: `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, and the `/` between
  /// segments. §2.2: `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
  package static let raw = unreserved.union("!$&'()*+,;=:@/".unicodeScalars)
  package static let hex = Set("0123456789abcdefABCDEF".unicodeScalars)

  /// Whether every `%` in `text` begins an escape of two hex digits.
  package static func escapesAreWellFormed(_ text: Substring) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return !scalars.indices.contains { index in
      scalars[index] == "%"
        && !(index + 2 < scalars.count && hex.contains(scalars[index + 1]) && hex.contains(scalars[index + 2]))
    }
  }

  /// Works on scalars, not characters: a path is bytes, and a combining mark after `a` does
  /// not make the `a` another byte.
  package static func normalize(_ path: String) -> String {
    let scalars = Array(path.unicodeScalars)
    var result = ""
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "%", index + 2 < scalars.count, hex.contains(scalars[index + 1]), hex.contains(scalars[index + 2]) {
        let text = String(String.UnicodeScalarView(scalars[index + 1...index + 2]))
        let decoded = Unicode.Scalar(UInt8(text, radix: 16)!)
        // §6.2.2.2: decode an unreserved character; §6.2.2.1: uppercase every other escape.
        result += unreserved.contains(decoded) ? String(decoded) : "%" + text.uppercased()
        index += 3
      } else if scalar == "%" || raw.contains(scalar) {
        result.unicodeScalars.append(scalar)
        index += 1
      } else {
        for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
        index += 1
      }
    }
    return result
  }
}
