package import Foundation
package import URLResponderChainCore

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
  /// A host is read as the URL Standard's host parser reads it (``browserHost(_:)``:
  /// percent-decoded, mapped by UTS #46, each label in its ASCII form), so
  /// `https://evil%E3%80%82example/` is read as `evil.example` and `https://b%C3%BCcher.example/`
  /// as `xn--bcher-kva.example`. A reading that no browser could load (a host that is not a
  /// domain name, a port that is not a number) is left out: nobody opens it from that reading.
  ///
  /// - Parameters:
  ///   - written: The link as written: a URL's `absoluteString`, or the text given.
  ///   - url: Foundation's parse of it, when there is one.
  /// - Returns: The distinct readings, the browser's first; none for a link that is not
  ///   `http` or `https`.
  /// - Throws: ``UnreadableHost`` when a reader's host cannot be read in linear time: a deny
  ///   rule that could apply blocks the link.
  package static func readings(of written: String, url: URL?) throws(UnreadableHost) -> [EligibleURL] {
    var readings: [EligibleURL] = []
    func add(_ reading: EligibleURL?) {
      guard let reading, !readings.contains(where: { $0.reads(as: reading) }) else { return }
      readings.append(reading)
    }
    if let parts = browserParts(of: written) {
      add(try reading(scheme: parts.scheme, host: parts.host, port: parts.port, path: parts.path))
    }
    if let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host(percentEncoded: true)
    {
      add(try reading(scheme: scheme, host: Substring(host), port: url.port, path: url.path(percentEncoded: true)))
    }
    return readings
  }

  /// The host a browser reads in `written` with its scheme, port and path, split as the URL
  /// Standard's parser splits a special URL; `nil` when it is not `http` or `https` or has no
  /// host.
  private static func browserParts(
    of written: String
  ) -> (scheme: String, host: Substring, port: Int?, path: String)? {
    let bytes = browserTrimmed(written)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let scheme = String(decoding: bytes[..<colon].map(\.asciiLowercased), as: UTF8.self)
    guard scheme == "http" || scheme == "https" else { return nil }
    var index = colon + 1
    while index < bytes.count, bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "\\") { index += 1 }
    let authorityEnd = bytes[index...].firstIndex { Self.endsAuthority($0) } ?? bytes.count
    var authority = bytes[index..<authorityEnd]
    if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
    guard authority.first != UInt8(ascii: "[") else { return nil }  // IPv6: no deny rule names one
    var host = authority
    var port: Int?
    if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
      host = authority[..<portColon]
      let digits = authority[(portColon + 1)...]
      if !digits.isEmpty {
        // Leading zeros are no digits of the number: `:0000000000443` is port 443.
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
          let number = significant.isEmpty ? 0 : Int(String(decoding: significant, as: UTF8.self)), number <= 65_535
        else { return nil }
        port = number
      }
    }
    var pathEnd = authorityEnd
    while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
      pathEnd += 1
    }
    let path = bytes[authorityEnd..<pathEnd].map { $0 == UInt8(ascii: "\\") ? UInt8(ascii: "/") : $0 }
    return (
      scheme, Substring(String(decoding: host, as: UTF8.self)), port,
      path.isEmpty ? "/" : String(decoding: path, as: UTF8.self)
    )
  }

  /// `text` as the URL Standard's parser first reads it: leading and trailing C0 controls and
  /// spaces trimmed, tabs and newlines removed. The one place this is done.
  static func browserTrimmed(_ text: String) -> [UInt8] {
    var bytes = Array(text.utf8)
    let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.count
    let end = (bytes.lastIndex { $0 > 0x20 } ?? -1) + 1
    bytes = start < end ? Array(bytes[start..<end]) : []
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return bytes
  }

  /// Whether `byte` ends a special URL's authority: `/`, `\`, `?` or `#`.
  private static func endsAuthority(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }

  /// One reading, checked: `nil` when its host is not one a browser loads from.
  ///
  /// A host with labels no rule can name (`a_b.evil.example`, `☕.evil.example`) is still a
  /// subdomain of the parent a rule may name (``nameableParent(of:)``): it is read as
  /// ``unnameableLabel`` under that parent, so that the parent's `*.` deny rules block it.
  private static func reading(
    scheme: String, host written: Substring, port: Int?, path: String
  ) throws(UnreadableHost) -> EligibleURL? {
    let defaultPort = scheme == "https" ? 443 : 80
    let shownPort = port.flatMap { $0 == defaultPort ? nil : $0 }
    if let host = try browserHost(written) {
      // A stray `%` is written `%25`, as its one spelling: left raw, it would make Foundation
      // escape every `%` of the path, the valid escapes too, and `%2e%2e` stop reading as `..`.
      let normalPath = normalizingPercentEncoding(
        in: escapingStrayPercentSigns(path.hasPrefix("/") ? path : "/" + path))
      let text = "\(scheme)://\(host)\(shownPort.map { ":\($0)" } ?? "")\(normalPath)"
      if let checked = try? check(text, permittedPorts: shownPort.map { [$0] } ?? []).get() { return checked }
    }
    guard let parent = try nameableParent(of: written) else { return nil }
    return try reading(scheme: scheme, host: Substring(unnameableLabel + "." + parent), port: port, path: path)
  }

  /// The label that stands for the labels of a host no rule can name, under the parent a rule
  /// can: only a deny rule that names this very label (which no list needs) could match it
  /// wrongly, and then it would block, never allow.
  static let unnameableLabel = "unnameable-label"

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

  /// The scalars that NFKC_Casefold keeps but whose uppercase holds ASCII: `ı` (`I`) and
  /// five letters whose uppercase is an ASCII letter and a combining mark (`ǰ` is `J̌`).
  /// `ASCIILookalikeDifferentialTests` checks over every scalar that no other is missed.
  package static let caseOnlyLookalikes: Set<Unicode.Scalar> = [
    "\u{131}", "\u{1F0}", "\u{1E96}", "\u{1E97}", "\u{1E98}", "\u{1E99}",
  ]

  /// `text` as servers that compare in any case read it: NFKC_Casefold
  /// (``nfkcCaseFolded(_:)``), after a letter that a case mapping turns into ASCII is read as
  /// those ASCII letters (`ı`, which uppercases to `I`, is `i`; `İ` is `i`), as servers that
  /// compare in upper case read it. `ａdmin`, `ADMIN`, `adm\u{131}n` and `ad\u{AD}min` all
  /// become `admin`. A path's reading, not a host's: a browser reads `ı` in a host as itself.
  package static func compatibilityFolded(_ text: String) -> String {
    // Text with no scalar beyond ASCII that NFKC_Casefold changes has no such letter either.
    let changes = text.unicodeScalars.contains {
      !$0.isASCII && ($0.properties.changesWhenNFKCCaseFolded || caseOnlyLookalikes.contains($0))
    }
    guard changes else { return nfkcCaseFolded(text) }
    var mapped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !scalar.isASCII, scalar.properties.changesWhenCaseMapped, let ascii = asciiCaseMapping(of: scalar) {
        mapped.append(contentsOf: ascii)
      } else {
        mapped.append(scalar)
      }
    }
    return nfkcCaseFolded(String(mapped))
  }

  /// `text` mapped as NFKC_Casefold maps it (UAX #15 and the Unicode case folding): the
  /// compatibility form, case folded, again in compatibility form, with default-ignorable
  /// code points removed. `ａdmin`, `ADMIN` and `ad\u{AD}min` all become `admin`.
  static func nfkcCaseFolded(_ text: String) -> String {
    // Most text, `café` among it, holds no scalar beyond ASCII that NFKC_Casefold changes:
    // then it is its composed form (NFC) with ASCII letters lowercased, without the three
    // normalizations below.
    guard text.unicodeScalars.contains(where: { !$0.isASCII && $0.properties.changesWhenNFKCCaseFolded }) else {
      let lowered = String(decoding: text.utf8.map(\.asciiLowercased), as: UTF8.self)
      return lowered.precomposedStringWithCanonicalMapping
    }
    let folded = caseFolded(text.precomposedStringWithCompatibilityMapping).precomposedStringWithCompatibilityMapping
    guard folded.unicodeScalars.contains(where: { $0.properties.isDefaultIgnorableCodePoint }) else { return folded }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: folded.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
    return String(scalars)
  }

  /// `text` case folded as Unicode folds it (full case folding): Foundation's folding, then
  /// each letter it left that Unicode still folds, as the first of its uppercase lowercased and
  /// its uppercase that folding leaves as it is. Foundation on Linux leaves the Cyrillic `ᲂ`
  /// (U+1C82), which folds to `о` as its uppercase `О` lowercases; Cherokee's small letters
  /// fold to its capitals.
  private static func caseFolded(_ text: String) -> String {
    let folded = text.folding(options: .caseInsensitive, locale: nil)
    guard folded.unicodeScalars.contains(where: { $0.properties.changesWhenCaseFolded }) else { return folded }
    var scalars = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
      guard scalar.properties.changesWhenCaseFolded else {
        scalars.append(scalar)
        continue
      }
      let upper = scalar.properties.uppercaseMapping
      let stable = [upper.lowercased(), upper].first {
        $0.unicodeScalars.allSatisfy { !$0.properties.changesWhenCaseFolded }
      }
      scalars.append(contentsOf: (stable ?? String(scalar)).unicodeScalars)
    }
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
