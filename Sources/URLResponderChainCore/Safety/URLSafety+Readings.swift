package import Foundation

extension URLSafety {
  /// Every host, port and path a browser or Foundation reads in a web link, each as a checked
  /// URL: what deny rules are judged on before eligibility is (DESIGN.md, "Deny first, on
  /// every reading").
  ///
  /// A link that ``EligibleURL`` refuses still opens somewhere: the system browser loads
  /// `https://user@evil.example/` from `evil.example`, `https://%65vil.example/` from
  /// `evil.example`, `https://evil.example:8443/` from `evil.example` too, and
  /// `https://a.example\@evil.example/` from `a.example` (a browser reads `\` as `/`) while
  /// Foundation reads `evil.example`. So each reader's view is rebuilt as a plain
  /// `scheme://host[:port]/path` and checked:
  ///
  /// - the browser's (the URL Standard's parser for `http` and `https`): tabs and newlines
  ///   removed, `\` read as `/`, the user info up to the last `@` dropped, the port kept;
  /// - Foundation's: its `host`, `port` and percent-encoded `path`.
  ///
  /// A host is percent-decoded, mapped by NFKC and case folding (what IDNA's mapping does to
  /// `ｅvil` or `EVIL`) and stripped of one trailing dot. A reading that no browser could
  /// load (a host that is not a domain name, a port that is not a number) is left out:
  /// nobody opens it from that reading.
  ///
  /// - Parameters:
  ///   - written: The link as written: a URL's `absoluteString`, or the text given.
  ///   - url: Foundation's parse of it, when there is one.
  /// - Returns: The distinct readings, the browser's first; none for a link that is not
  ///   `http` or `https`.
  package static func readings(of written: String, url: URL?) -> [EligibleURL] {
    var readings: [EligibleURL] = []
    func add(_ reading: EligibleURL?) {
      guard let reading, !readings.contains(where: { $0.reads(as: reading) }) else { return }
      readings.append(reading)
    }
    if let parts = browserParts(of: written) {
      add(reading(scheme: parts.scheme, host: parts.host, port: parts.port, path: parts.path))
    }
    if let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host(percentEncoded: true)
    {
      add(reading(scheme: scheme, host: Substring(host), port: url.port, path: url.path(percentEncoded: true)))
    }
    return readings
  }

  /// The host a browser reads in `written` with its scheme, port and path, split as the URL
  /// Standard's parser splits a special URL; `nil` when it is not `http` or `https` or has no
  /// host.
  private static func browserParts(
    of written: String
  ) -> (scheme: String, host: Substring, port: Int?, path: String)? {
    // Leading and trailing C0 controls and spaces are trimmed, tabs and newlines removed.
    var text = Substring(written)
    while let first = text.unicodeScalars.first, first.value <= 0x20 { text = text.dropFirst() }
    while let last = text.unicodeScalars.last, last.value <= 0x20 { text = text.dropLast() }
    let cleaned = String(text.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.map(Character.init))
    guard let colon = cleaned.firstIndex(of: ":") else { return nil }
    let scheme = cleaned[..<colon].lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    var rest = cleaned[cleaned.index(after: colon)...]
    while let first = rest.first, first == "/" || first == "\\" { rest = rest.dropFirst() }
    let authorityEnd = rest.firstIndex { "/\\?#".contains($0) } ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    guard !authority.hasPrefix("[") else { return nil }  // IPv6: no deny rule names one
    var host = authority
    var port: Int?
    if let portColon = authority.lastIndex(of: ":") {
      host = authority[..<portColon]
      let digits = authority[authority.index(after: portColon)...]
      if !digits.isEmpty {
        guard digits.allSatisfy(\.isASCIIDigit), let number = Int(digits.prefix(6)), number <= 65_535 else {
          return nil
        }
        port = number
      }
    }
    let pathEnd = rest[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
    let path = rest[authorityEnd..<pathEnd].replacingOccurrences(of: "\\", with: "/")
    return (scheme, host, port, path.isEmpty ? "/" : path)
  }

  /// One reading, checked: `nil` when its host is not one a browser loads from.
  private static func reading(scheme: String, host written: Substring, port: Int?, path: String) -> EligibleURL? {
    guard let host = readHost(written) else { return nil }
    let defaultPort = scheme == "https" ? 443 : 80
    let shownPort = port.flatMap { $0 == defaultPort ? nil : $0 }
    // A stray `%` is written `%25`, as its one spelling: left raw, it would make Foundation
    // escape every `%` of the path, the valid escapes too, and `%2e%2e` stop reading as `..`.
    let normalPath = normalizingPercentEncoding(in: escapingStrayPercentSigns(path.hasPrefix("/") ? path : "/" + path))
    let text = "\(scheme)://\(host)\(shownPort.map { ":\($0)" } ?? "")\(normalPath)"
    return try? check(text, permittedPorts: shownPort.map { [$0] } ?? []).get()
  }

  /// `path` with each `%` that does not begin an escape of two hex digits written `%25`.
  private static func escapingStrayPercentSigns(_ path: String) -> String {
    let bytes = Array(path.utf8)
    guard bytes.contains(UInt8(ascii: "%")) else { return path }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(bytes.count + 8)
    for (index, byte) in bytes.enumerated() {
      escaped.append(byte)
      if byte == UInt8(ascii: "%"),
        index + 2 >= bytes.count || bytes[index + 1].hexValue == nil || bytes[index + 2].hexValue == nil
      {
        escaped.append(contentsOf: "25".utf8)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// A host as a browser reads it: percent-decoded, mapped by NFKC and case folding, one
  /// trailing dot dropped; `nil` when what remains holds a character no domain name holds.
  private static func readHost(_ written: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = written.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next()?.hexValue, let low = iterator.next()?.hexValue else { return nil }
      bytes.append(high << 4 | low)
    }
    // Bytes that are not UTF-8 name no host a browser loads.
    let decoded = String(decoding: bytes, as: UTF8.self)
    guard decoded.utf8.elementsEqual(bytes) else { return nil }
    var host = decoded.contains { !$0.isASCII } ? compatibilityFolded(decoded) : decoded.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    let forbidden: Set<Character> = ["/", "\\", "@", ":", "?", "#", "%", "[", "]", " ", "<", ">", "^", "|"]
    guard !host.isEmpty, !host.contains(where: { forbidden.contains($0) || $0.unicodeScalars.first!.value < 0x21 })
    else { return nil }
    return host
  }

  /// `text` mapped as NFKC_Casefold maps it (UAX #15 and the Unicode case folding): the
  /// compatibility form, case folded, again in compatibility form, with default-ignorable
  /// code points removed. `ａdmin`, `ADMIN` and `ad\u{AD}min` all become `admin`. A letter
  /// that a case mapping turns into ASCII is read as those ASCII letters first (`ı`, which
  /// uppercases to `I`, is `i`; `İ` is `i`), as servers that compare in upper case read it.
  package static func compatibilityFolded(_ text: String) -> String {
    var mapped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !scalar.isASCII, scalar.properties.changesWhenCaseMapped, let ascii = asciiCaseMapping(of: scalar) {
        mapped.append(contentsOf: ascii)
      } else {
        mapped.append(scalar)
      }
    }
    let folded = String(mapped).precomposedStringWithCompatibilityMapping.folding(
      options: .caseInsensitive, locale: nil
    ).precomposedStringWithCompatibilityMapping
    guard folded.unicodeScalars.contains(where: { $0.properties.isDefaultIgnorableCodePoint }) else { return folded }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: folded.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
    return String(scalars)
  }

  /// The ASCII letters, in lower case, of the first case mapping of `scalar` that holds any
  /// (its uppercase mapping lowercased, then its lowercase mapping), or `nil`.
  private static func asciiCaseMapping(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
    let properties = scalar.properties
    for mapping in [properties.uppercaseMapping.lowercased(), properties.lowercaseMapping] {
      let ascii = mapping.lowercased().unicodeScalars.filter(\.isASCII)
      if !ascii.isEmpty { return Array(ascii) }
    }
    return nil
  }
}

extension EligibleURL {
  /// Whether `other` names the same scheme, host, port and path, whatever else differs.
  package func reads(as other: EligibleURL) -> Bool {
    scheme == other.scheme && host == other.host && port == other.port && path == other.path
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
