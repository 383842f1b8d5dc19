/// The one check of a host's syntax, on its bytes: the host rules of the design, used by the
/// URL safety check (hosts of URLs) and by the allowlist's pattern parser (hosts of rules).
///
/// A host is dot-separated labels of 1 to 63 letters, digits and hyphens, at most 253 bytes
/// without its one optional trailing dot; a label with `--` in its third and fourth places
/// must be a valid internationalized (`xn--`) label in its canonical form; and the last label
/// must not be a number, which a browser would read as an IPv4 address.
package enum HostSyntax {
  /// A host that passed the check.
  package struct Shape {
    /// The host's length without its trailing dot.
    package let length: Int
    /// Whether the bytes are already the normal form: lowercase, no trailing dot.
    package let isNormal: Bool
  }

  /// Checks the bytes of a host written in ASCII, in any case.
  ///
  /// Allocates nothing for a valid host unless a label with `--` must be decoded; a refusal
  /// builds its message.
  package static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Shape, URLRefusal> {
    var length = bytes.count
    if length > 0, bytes[length - 1] == UInt8(ascii: ".") { length -= 1 }
    guard length > 0 else { return .failure(.missingHost) }
    guard length <= 253 else { return .failure(.invalidHost("longer than 253 characters")) }
    var hasCapitals = false
    var start = 0
    while true {
      var stop = start
      while stop < length, bytes[stop] != UInt8(ascii: ".") { stop += 1 }
      let label = start..<stop
      guard !label.isEmpty else { return .failure(.invalidHost("has an empty label")) }
      guard label.count <= 63 else { return .failure(.invalidHost("has a label longer than 63 characters")) }
      var labelHasCapitals = false
      for index in label {
        let lowercase = bytes[index].asciiLowercased
        guard lowercase.isLDH else {
          return .failure(.invalidHost("\"\(lowercased(bytes, label))\" is not letters, digits and hyphens"))
        }
        if lowercase != bytes[index] { labelHasCapitals = true }
      }
      if label.count >= 4, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
        // Rare (only labels with `--` in their third and fourth places), so one copy is fine.
        var lowercase: [UInt8] = []
        lowercase.reserveCapacity(label.count)
        for index in label { lowercase.append(bytes[index].asciiLowercased) }
        if let problem = URLSafety.reservedLabelProblem(lowercase) { return .failure(.invalidHost(problem)) }
      }
      hasCapitals = hasCapitals || labelHasCapitals
      guard stop < length else {
        if URLSafety.isNumeric(UnsafeBufferPointer(rebasing: bytes[label])) {
          return .failure(.ipAddress(lowercased(bytes, 0..<length)))
        }
        return .success(Shape(length: length, isNormal: !hasCapitals && length == bytes.count))
      }
      start = stop + 1
    }
  }

  /// The bytes in `range`, ASCII letters lowercased, as a string.
  package static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(unsafeUninitializedCapacity: range.count) { target in
      for (offset, index) in range.enumerated() { target[offset] = bytes[index].asciiLowercased }
      return range.count
    }
  }
}
