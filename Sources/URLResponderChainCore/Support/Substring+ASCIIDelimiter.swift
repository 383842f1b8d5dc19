extension Substring {
  /// The position of the first character that is the ASCII byte `first`, `second` or
  /// `third` (zero, which no checked text holds, stands for none).
  ///
  /// Unlike `firstIndex(of:)` and `contains(_:)`, it never compares characters. Swift
  /// compares them in composed form (NFC), and composing a run of *n* combining marks takes
  /// time in proportion to *n*²: a crafted run of a few hundred kilobytes would take minutes.
  /// A delimiter followed by a combining mark is one longer character, which this skips as
  /// `firstIndex(of:)` does; and no other character composes to `:`, `/`, `?`, `#` or `@`,
  /// so the answer is the same.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  package func firstIndex(ofASCII first: UInt8, _ second: UInt8 = 0, _ third: UInt8 = 0) -> Index? {
    var index = startIndex
    while index < endIndex {
      let next = self.index(after: index)
      if utf8.distance(from: index, to: next) == 1 {
        let byte = utf8[index]
        if byte == first || byte == second || byte == third { return index }
      }
      index = next
    }
    return nil
  }
}
