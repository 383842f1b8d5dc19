extension URLSafety {
  /// The path a browser loads for the percent-encoded `path` of a URL with a host: `.` and
  /// `..` segments resolved as the URL Standard's path state resolves them, so that what is
  /// matched is what opens.
  ///
  /// - A segment that is `.` or `%2e` (any case) is dropped; `..`, `.%2e`, `%2e.` or
  ///   `%2e%2e` also drops the segment before it, if any. Either one, last in the path,
  ///   leaves the path ending in `/` (`/a/b/..` is `/a/`).
  /// - Every other segment, `%2f` and empty ones included, is kept as written.
  ///
  /// The path never holds a backslash (``URLSafety`` refuses one anywhere in the input), so
  /// `/` is the only separator, as it is for every scheme the check accepts.
  ///
  /// - Returns: The resolved path, starting with `/`; `path` itself when it holds no dot
  ///   segment.
  package static func resolvingDotSegments(in path: String) -> String {
    withUTF8(of: path) { bytes -> String? in
      guard !bytes.isEmpty else { return "/" }
      // Every dot segment holds a "." or a "%"; most paths hold neither.
      guard bytes.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") }) else { return nil }
      var kept: [Range<Int>] = []
      var start = bytes[0] == UInt8(ascii: "/") ? 1 : 0
      var changed = false
      while true {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
        let isLast = end == bytes.count
        switch dotSegment(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
        case 2:
          changed = true
          if !kept.isEmpty { kept.removeLast() }
          if isLast { kept.append(end..<end) }
        case 1:
          changed = true
          if isLast { kept.append(end..<end) }
        default:
          kept.append(start..<end)
        }
        if isLast { break }
        start = end + 1
      }
      guard changed || bytes[0] != UInt8(ascii: "/") else { return nil }
      var resolved = ""
      resolved.reserveCapacity(bytes.count)
      for segment in kept {
        resolved.append("/")
        resolved.append(String(decoding: bytes[segment], as: UTF8.self))
      }
      return resolved.isEmpty ? "/" : resolved
    } ?? path
  }

  /// Whether `segment` is `.` or `..`, written plainly or with `%2e` in any case.
  package static func isDotSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Bool { dotSegment(segment) != 0 }

  /// 1 for a single-dot segment, 2 for a double-dot segment, 0 otherwise.
  private static func dotSegment(_ segment: UnsafeBufferPointer<UInt8>) -> Int {
    var dots = 0
    var index = 0
    while index < segment.count {
      if segment[index] == UInt8(ascii: ".") {
        index += 1
      } else if index + 2 < segment.count, segment[index] == UInt8(ascii: "%"), segment[index + 1] == UInt8(ascii: "2"),
        segment[index + 2].asciiLowercased == UInt8(ascii: "e")
      {
        index += 3
      } else {
        return 0
      }
      dots += 1
      if dots > 2 { return 0 }
    }
    return dots
  }
}
