import Foundation

/// Internationalized labels: Punycode (RFC 3492) and the strict form this package accepts.
///
/// A host label `xn--…` is accepted only when it is the one canonical ASCII form of a
/// Unicode label in normal form: decoding it gives at least one non-ASCII scalar; every
/// scalar is a lowercase letter, a mark, a decimal digit or a hyphen that NFKC case folding
/// leaves as it is (so no capitals, full-width forms or compatibility characters), the label
/// does not start with a mark, starts and ends with no hyphen and has none in both its third
/// and fourth places (RFC 5891 §4.2.3.1), it is in NFC, and encoding it again gives the very
/// same label. Anything else is refused, never repaired: a label two readers could decode or map
/// differently is not a host this package matches. That includes the characters IDNA readers
/// disagree on (`ß`, final `ς`, the zero-width joiners), which NFKC case folding changes:
/// transitional processing reads `faß` as `fass`, the URL Standard keeps `ß`. Look-alikes stay distinct hosts; a rule
/// must name one for it to be allowed.
package enum Punycode {
  private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

  /// Whether `label` (ASCII, lowercase) is a valid `xn--` label in the strict form above.
  static func isValidACELabel(_ label: [UInt8]) -> Bool {
    guard label.count > 4, hasACEPrefix(label) else { return false }
    guard let scalars = decode(label, from: 4), scalars.contains(where: { !$0.isASCII }), isNormal(scalars),
      let encoded = encode(scalars)
    else {
      return false
    }
    var prefixed = [UInt8(ascii: "x"), UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "-")]
    prefixed += encoded
    return prefixed == label
  }

  /// Whether `label` starts with `xn--` (lowercase: the caller lowercased it).
  static func hasACEPrefix(_ label: [UInt8]) -> Bool {
    label.count >= 4 && label[0] == UInt8(ascii: "x") && label[1] == UInt8(ascii: "n")
      && label[2] == UInt8(ascii: "-") && label[3] == UInt8(ascii: "-")
  }

  /// The `xn--` form of a Unicode label, lowercased first; `nil` when the lowercased label is
  /// not in the strict form above.
  static func aceLabel(forUnicode label: Substring) -> String? {
    // An `xn--` label holds at most 59 encoded scalars, and composing (NFC) turns at most
    // three scalars into one: longer text has no ASCII form, and composing it could take
    // time that grows with the square of a run of combining marks.
    guard label.utf8.count <= 59 * 3 * 4 else { return nil }
    let scalars = scalars(of: label.lowercased().precomposedStringWithCanonicalMapping)
    guard scalars.contains(where: { !$0.isASCII }), isNormal(scalars), let encoded = encode(scalars) else { return nil }
    return "xn--" + String(decoding: encoded, as: UTF8.self)
  }

  /// `host` with each non-ASCII label in its `xn--` form (labels split at ASCII dots only: an
  /// ideographic or full-width dot is no separator), or the first label that has none.
  package static func asciiHost(_ host: Substring) -> Result<String, InvalidLabel> {
    var ascii = ""
    var rest = host
    while true {
      // Every label, empty ones included: a dot is a separator only as the ASCII byte.
      let end = rest.firstIndex(of: ".") ?? rest.endIndex
      let label = rest[..<end]
      if label.utf8.allSatisfy({ $0 < 0x80 }) {
        ascii += label
      } else if let ace = aceLabel(forUnicode: label) {
        ascii += ace
      } else {
        return .failure(InvalidLabel(label: String(label)))
      }
      guard end < rest.endIndex else { return .success(ascii) }
      ascii += "."
      rest = rest[rest.index(after: end)...]
    }
  }

  /// A label with no ASCII form in the strict form above.
  package struct InvalidLabel: Error {
    package let label: String
  }

  /// Lowercase letters, marks, digits and hyphens only, unchanged by NFKC case folding, not
  /// starting with a mark, and in NFC.
  private static func isNormal(_ scalars: [Unicode.Scalar]) -> Bool {
    for scalar in scalars {
      if scalar.isASCII {
        guard UInt8(scalar.value).isLDH else { return false }
        continue
      }
      switch scalar.properties.generalCategory {
      case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber: break
      default: return false
      }
      if scalar.properties.changesWhenNFKCCaseFolded { return false }
    }
    switch scalars.first?.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return false
    default: break
    }
    // RFC 5891 §4.2.3.1: no hyphen first or last, none in both the third and fourth places.
    if scalars.first == "-" || scalars.last == "-" || (scalars.count >= 4 && scalars[2] == "-" && scalars[3] == "-") {
      return false
    }
    let text = String(String.UnicodeScalarView(scalars))
    return Self.scalars(of: text.precomposedStringWithCanonicalMapping) == scalars
  }

  /// The scalars of `text`, appended one by one: `Array(text.unicodeScalars)` costs a kilobyte
  /// of code to count them first.
  private static func scalars(of text: String) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars { scalars.append(scalar) }
    return scalars
  }

  // MARK: - RFC 3492

  private static func adapt(_ delta: Int, points: Int, isFirst: Bool) -> Int {
    var delta = isFirst ? delta / damp : delta / 2
    delta += delta / points
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + ((base - tMin + 1) * delta) / (delta + skew)
  }

  private static func threshold(_ k: Int, bias: Int) -> Int {
    k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
  }

  /// The scalars that the Punycode in `input` from `start` on (lowercase, after `xn--`)
  /// encodes, or `nil`.
  static func decode(_ input: [UInt8], from start: Int = 0) -> [Unicode.Scalar]? {
    var output: [UInt32] = []
    var position = start
    if let delimiter = input.lastIndex(of: UInt8(ascii: "-")), delimiter >= start {
      for byte in input[start..<delimiter] {
        guard byte < 0x80 else { return nil }
        output.append(UInt32(byte))
      }
      position = delimiter + 1
    }
    var n = initialN
    var i = 0
    var bias = initialBias
    while position < input.count {
      let oldI = i
      var weight = 1
      var k = base
      while true {
        guard position < input.count, let digit = digitValue(input[position]) else { return nil }
        position += 1
        let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = threshold(k, bias: bias)
        if digit < t { break }
        let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
        guard !weightOverflow, nextWeight <= Int(Int32.max) else { return nil }
        weight = nextWeight
        k += base
      }
      let points = output.count + 1
      bias = adapt(i - oldI, points: points, isFirst: oldI == 0)
      n += i / points
      i %= points
      guard n >= 0x80, n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
      output.insert(UInt32(n), at: i)
      i += 1
    }
    return output.compactMap(Unicode.Scalar.init)
  }

  /// The Punycode of `scalars` (without `xn--`), or `nil` if it would overflow.
  static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
    var output = scalars.filter(\.isASCII).map { UInt8($0.value) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append(UInt8(ascii: "-")) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    let values = scalars.map { Int($0.value) }
    while handled < values.count {
      guard let m = values.filter({ $0 >= n }).min() else { return nil }
      let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - step else { return nil }
      delta += step
      n = m
      for value in values {
        if value < n { delta += 1 }
        if value == n {
          var q = delta
          var k = base
          while true {
            let t = threshold(k, bias: bias)
            if q < t { break }
            output.append(digitByte(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digitByte(q))
          bias = adapt(delta, points: handled + 1, isFirst: handled == basicCount)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return output
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    default: nil
    }
  }

  private static func digitByte(_ digit: Int) -> UInt8 {
    digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
  }
}
