extension URLSafety {
  /// Lowercases, drops one trailing dot, and checks labels and IP forms.
  package static func normalizedHost(_ written: Substring) -> Result<String, URLRefusal> {
    if written.utf8.allSatisfy({ $0 < 0x80 }) { return normalizedASCIIHost(written) }
    var host = written.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    guard !host.isEmpty else { return .failure(.missingHost) }
    guard host.utf8.count <= 253 else { return .failure(.invalidHost("longer than 253 characters")) }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    for label in labels {
      guard !label.isEmpty else { return .failure(.invalidHost("has an empty label")) }
      guard label.utf8.count <= 63 else { return .failure(.invalidHost("has a label longer than 63 characters")) }
      guard label.utf8.allSatisfy({ $0.isLDH }) else {
        return .failure(.invalidHost("\"\(label)\" is not letters, digits and hyphens"))
      }
      if label.utf8.count >= 4, label.utf8.dropFirst(2).prefix(2).elementsEqual("--".utf8) {
        if let problem = reservedLabelProblem(label.utf8) { return .failure(.invalidHost(problem)) }
      }
    }
    if let last = labels.last, isNumeric(last) { return .failure(.ipAddress(host)) }
    return .success(host)
  }

  /// ``normalizedHost(_:)`` for a host written in ASCII.
  private static func normalizedASCIIHost(_ written: Substring) -> Result<String, URLRefusal> {
    withUTF8(of: written) { normalizedASCIIHost($0) }
  }

  /// ``normalizedHost(_:)`` on the bytes of a host written in ASCII: the same checks in the
  /// same order, in one pass over the labels and one copy, lowercased, into the result.
  ///
  /// - Parameter alreadyNormal: A string whose UTF-8 is `bytes`, returned as the result when
  ///   the bytes are already in normal form (lowercase, no trailing dot), instead of a copy.
  package static func normalizedASCIIHost(
    _ bytes: UnsafeBufferPointer<UInt8>, alreadyNormal: String? = nil
  ) -> Result<String, URLRefusal> {
    var end = bytes.count
    if end > 0, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
    guard end > 0 else { return .failure(.missingHost) }
    guard end <= 253 else { return .failure(.invalidHost("longer than 253 characters")) }
    func lowercased(_ range: Range<Int>) -> String {
      String(unsafeUninitializedCapacity: range.count) { target in
        for (offset, index) in range.enumerated() { target[offset] = bytes[index].asciiLowercased }
        return range.count
      }
    }
    var start = 0
    var lastLabel = 0..<0
    var hasCapitals = false
    while true {
      var stop = start
      while stop < end, bytes[stop] != UInt8(ascii: ".") { stop += 1 }
      let label = start..<stop
      guard !label.isEmpty else { return .failure(.invalidHost("has an empty label")) }
      guard label.count <= 63 else { return .failure(.invalidHost("has a label longer than 63 characters")) }
      for index in label {
        let lowercase = bytes[index].asciiLowercased
        guard lowercase.isLDH else {
          return .failure(.invalidHost("\"\(lowercased(label))\" is not letters, digits and hyphens"))
        }
        if lowercase != bytes[index] { hasCapitals = true }
      }
      if label.count >= 4, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
        if let problem = reservedLabelProblem(lowercased(label).utf8) { return .failure(.invalidHost(problem)) }
      }
      lastLabel = label
      guard stop < end else { break }
      start = stop + 1
    }
    let host = !hasCapitals && end == bytes.count ? (alreadyNormal ?? lowercased(0..<end)) : lowercased(0..<end)
    if isNumeric(UnsafeBufferPointer(rebasing: bytes[lastLabel])) { return .failure(.ipAddress(host)) }
    return .success(host)
  }

  /// Why a lowercase label with `--` in its third and fourth places may not be a host's:
  /// `nil` for a valid internationalized (`xn--`) label in its one canonical form
  /// (``Punycode``); every other such label is reserved (RFC 5891 §4.2.3.1).
  package static func reservedLabelProblem(_ label: some Collection<UInt8>) -> String? {
    let text = String(decoding: label, as: UTF8.self)
    guard label.starts(with: "xn--".utf8) else { return "\"\(text)\" is a reserved label (??--)" }
    return Punycode.isValidACELabel(label) ? nil : "\"\(text)\" is not a valid internationalized (xn--) label"
  }

  /// ``isNumeric(_:)`` on the bytes of an ASCII label, in any case.
  package static func isNumeric(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    if label.allSatisfy(isDigit) { return true }
    guard label.count >= 2, label[0] == UInt8(ascii: "0"), label[1].asciiLowercased == UInt8(ascii: "x") else {
      return false
    }
    return label.dropFirst(2).allSatisfy {
      isDigit($0) || ($0.asciiLowercased >= UInt8(ascii: "a") && $0.asciiLowercased <= UInt8(ascii: "f"))
    }
  }

  /// A label the URL Standard would read as a number: decimal, octal or `0x` hex.
  private static func isNumeric(_ label: Substring) -> Bool {
    if label.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
    let lower = label.lowercased()
    guard lower.hasPrefix("0x") else { return false }
    return lower.dropFirst(2).allSatisfy(\.isHexDigit)
  }
}

extension UInt8 {
  /// The byte, with an ASCII capital letter lowercased.
  @inlinable package var asciiLowercased: UInt8 {
    self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self | 0x20 : self
  }

  /// Whether the byte is a lowercase ASCII letter, a digit or a hyphen.
  @inlinable package var isLDH: Bool {
    (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
      || self == UInt8(ascii: "-")
  }
}
