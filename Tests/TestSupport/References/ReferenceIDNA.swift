import Foundation

/// The strict `xn--` label rule, judged independently of `Punycode`: Foundation's own IDNA
/// (ICU's, on Linux) decodes and encodes, and the character rules are put in Foundation's
/// terms (compatibility normalization, lowercasing, character sets) rather than Unicode
/// general categories.
package enum ReferenceIDNA {
  package static func isValidACELabel(_ label: String) -> Bool {
    var decoding = URLComponents()
    decoding.host = label
    guard let unicode = decoding.percentEncodedHost?.removingPercentEncoding, unicode != label,
      unicode.unicodeScalars.contains(where: { !$0.isASCII })
    else { return false }
    // Lowercase, NFKC and NFC already: compatibility mapping and lowercasing change nothing.
    guard
      Array(unicode.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars)
        == Array(unicode.unicodeScalars)
    else { return false }
    let allowed = CharacterSet.letters.union(.decimalDigits).union(.nonBaseCharacters)
      .union(CharacterSet(charactersIn: "-"))
    guard unicode.unicodeScalars.allSatisfy({ allowed.contains($0) }),
      let first = unicode.unicodeScalars.first, !CharacterSet.nonBaseCharacters.contains(first)
    else { return false }
    var encoding = URLComponents()
    encoding.host = unicode
    return encoding.encodedHost == label
  }
}
