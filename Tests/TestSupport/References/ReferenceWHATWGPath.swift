/// The URL Standard's path state for a URL with a special scheme, transcribed step by step
/// (https://url.spec.whatwg.org/#path-state), as the reference `URLSafety`'s dot-segment
/// resolution is compared with. Input is a path that is already percent-encoded and holds
/// no backslash, so the percent-encoding step and the backslash branches are identities.
package enum ReferenceWHATWGPath {
  /// "A single-dot URL path segment is a URL path segment that is "." or an ASCII
  /// case-insensitive match for "%2e"."
  package static func isSingleDot(_ buffer: String) -> Bool {
    buffer == "." || buffer.lowercased() == "%2e"
  }

  /// "A double-dot URL path segment is a URL path segment that is ".." or an ASCII
  /// case-insensitive match for ".%2e", "%2e.", or "%2e%2e"."
  package static func isDoubleDot(_ buffer: String) -> Bool {
    buffer == ".." || [".%2e", "%2e.", "%2e%2e"].contains(buffer.lowercased())
  }

  /// The serialized path (the `pathname` a browser reports) for `input`, the text that
  /// follows the host and port, up to any `?` or `#`.
  package static func resolve(_ input: String) -> String {
    var path: [String] = []
    var buffer = ""
    var characters = Array(input)
    // Path start state: for a special URL, a leading "/" is consumed and the path state
    // begins; any other first character is reprocessed in the path state.
    if characters.first == "/" { characters.removeFirst() }
    var pointer = 0
    while true {
      let c: Character? = pointer < characters.count ? characters[pointer] : nil  // nil is EOF
      if c == nil || c == "/" {
        if isDoubleDot(buffer) {
          // Shorten the path: remove its last item, if any.
          if !path.isEmpty { path.removeLast() }
          if c != "/" { path.append("") }
        } else if isSingleDot(buffer) && c != "/" {
          path.append("")
        } else if !isSingleDot(buffer) {
          path.append(buffer)
        }
        buffer = ""
      } else {
        buffer.append(c!)
      }
      if c == nil { break }
      pointer += 1
    }
    // URL path serializer: "/" followed by the segment, for each segment.
    return path.map { "/" + $0 }.joined()
  }
}
