import Foundation

/// A domain name as a dictionary key, compared and hashed on its UTF-8 bytes: a parent
/// domain is looked up as a slice of the host, without copying it into a new string.
struct DomainKey: Hashable, Sendable {
  /// The domain, normalized (lowercase ASCII).
  let name: Substring

  init(_ name: Substring) { self.name = name }

  static func == (lhs: DomainKey, rhs: DomainKey) -> Bool {
    lhs.name.utf8.count == rhs.name.utf8.count
      && lhs.withBytes { left in
        rhs.withBytes { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
      }
  }

  func hash(into hasher: inout Hasher) {
    withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Calls `body` with the name's bytes, copying them only if they are not contiguous.
  private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(name.utf8).withUnsafeBufferPointer(body)
  }
}
