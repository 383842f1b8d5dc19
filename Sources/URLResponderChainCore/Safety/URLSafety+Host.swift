extension URLSafety {
  /// Lowercases, drops one trailing dot, and checks labels and IP forms (``HostSyntax``).
  ///
  /// The host must already be ASCII (IDNA is the parser's job, before this): a byte beyond
  /// ASCII fails the label rule, rather than a Unicode lowercasing that another reader might
  /// map differently.
  package static func normalizedHost(_ written: Substring) -> Result<String, URLRefusal> {
    withUTF8(of: written) { normalizedASCIIHost($0) }
  }

  /// ``normalizedHost(_:)`` on the bytes of a host: ``HostSyntax``'s check, then one copy,
  /// lowercased, into the result.
  ///
  /// - Parameter alreadyNormal: A string whose UTF-8 is `bytes`, returned as the result when
  ///   the bytes are already in normal form (lowercase, no trailing dot), instead of a copy.
  package static func normalizedASCIIHost(
    _ bytes: UnsafeBufferPointer<UInt8>, alreadyNormal: String? = nil
  ) -> Result<String, URLRefusal> {
    switch HostSyntax.check(bytes) {
    case .success(let shape):
      if shape.isNormal, let alreadyNormal { return .success(alreadyNormal) }
      return .success(HostSyntax.lowercased(bytes, 0..<shape.length))
    case .failure(let refusal):
      return .failure(refusal)
    }
  }

  /// Why a lowercase label with `--` in its third and fourth places may not be a host's:
  /// `nil` for a valid internationalized (`xn--`) label in its one canonical form
  /// (``Punycode``); every other such label is reserved (RFC 5891 §4.2.3.1).
  package static func reservedLabelProblem(_ label: [UInt8]) -> String? {
    let text = String(decoding: label, as: UTF8.self)
    guard Punycode.hasACEPrefix(label) else { return "\"\(text)\" is a reserved label (??--)" }
    return Punycode.isValidACELabel(label) ? nil : "\"\(text)\" is not a valid internationalized (xn--) label"
  }

  /// ``isNumeric(_:)`` on the bytes of an ASCII label, in any case.
  package static func isNumeric(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    if label.allSatisfy(isDigit) { return true }
    guard label.count >= 2, label[0] == UInt8(ascii: "0"), label[1].asciiLowercased == UInt8(ascii: "x") else {
      return false
    }
    return label.dropFirst(2).allSatisfy { $0.hexValue != nil }
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
