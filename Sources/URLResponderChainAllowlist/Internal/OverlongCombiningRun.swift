/// Text with more than 30 combining marks in a row: a non-starter run longer than Unicode's
/// stream-safe text format allows (UAX #15). No one writes it, and Swift and Foundation
/// compare, hash and compose it in time that grows with the square of the run, so a path
/// with one has no folded reading, and a rule or a document name with one is refused.
package struct OverlongCombiningRun: Error {
  static let limit = 30

  /// Where the first run longer than ``limit`` ends in `text` (the position of the mark
  /// one past the limit), or `nil`. Found scalar by scalar, never by comparing characters.
  static func end(in text: String.UnicodeScalarView) -> String.UnicodeScalarView.Index? {
    var run = 0
    var index = text.startIndex
    while index < text.endIndex {
      run = text[index].properties.canonicalCombiningClass == .notReordered ? 0 : run + 1
      if run > limit { return index }
      index = text.index(after: index)
    }
    return nil
  }
}
