import URLResponderChainCore

extension Allowlist {
  /// The path as a lenient server may read `path` (an `EligibleURL.path`), or `nil` when
  /// every server reads it alike.
  ///
  /// RFC 3986 keeps `%2F` inside its segment, but a proxy that decodes the path before it
  /// routes (nginx with a URI in `proxy_pass`) reads it as `/`, a Windows server reads `%5C`
  /// (`\`) as `/`, and servlet containers drop a segment's `;` parameters before they route
  /// (`/public/..;/admin` is `/admin` to Tomcat), some after decoding it (`%3B` is `;`). This
  /// reading decodes `%2F` and `%5C` to `/`, drops each segment's `;` or `%3B` and what
  /// follows it, and resolves dot segments again.
  package static func lenientReading(of path: String) -> String? {
    withUTF8(of: path) { bytes -> String? in
      guard bytes.contains(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "%") }) else { return nil }
      var read: [UInt8] = []
      read.reserveCapacity(bytes.count)
      var index = 0
      var changed = false
      var inParameters = false
      while index < bytes.count {
        let byte = bytes[index]
        var separator = byte == UInt8(ascii: "/")
        if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
          (bytes[index + 1] == UInt8(ascii: "2") && bytes[index + 2] == UInt8(ascii: "F"))
            || (bytes[index + 1] == UInt8(ascii: "5") && bytes[index + 2] == UInt8(ascii: "C"))
        {
          separator = true
          changed = true
          index += 2
        }
        // `%3B` is a `;` to a server that decodes the path before it drops parameters.
        let semicolon =
          byte == UInt8(ascii: ";")
          || (byte == UInt8(ascii: "%") && index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "3")
            && bytes[index + 2] == UInt8(ascii: "B"))
        if separator {
          inParameters = false
          read.append(UInt8(ascii: "/"))
        } else if semicolon || inParameters {
          inParameters = true
          changed = true
        } else {
          read.append(byte)
        }
        index += 1
      }
      guard changed else { return nil }
      return URLSafety.resolvingDotSegments(in: String(decoding: read, as: UTF8.self))
    }
  }
}
