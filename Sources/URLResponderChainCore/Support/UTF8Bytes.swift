/// Calls `body` with the UTF-8 bytes of `text`, copying them only if the string does not
/// store them contiguously (a bridged string).
///
/// Not the standard library's `String.withUTF8`: that one is `mutating`, and the copy it
/// needs made an allowlist's exact-host check 42 → 70 ns. Inlinable, so that the allowlist
/// and routing modules get it specialized for their string types, as this module does.
@inlinable @inline(__always)
package func withUTF8<Text: StringProtocol, Result>(of text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
  -> Result
{
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  return Array(text.utf8).withUnsafeBufferPointer(body)
}
