import Foundation
import URLResponderChainCore

extension URLSafety {
  /// The web links that a link of another scheme may open: what a list's deny rules judge it
  /// by (DESIGN.md, "Deny first, on every reading").
  ///
  /// A link that is not `http` or `https` goes to the system, and the system hands it to the
  /// app that claims its scheme. A browser's scheme opens the web link it wraps:
  /// `x-safari-https://evil.example/` opens `https://evil.example/` in Safari,
  /// `googlechromes://evil.example/` in Chrome, `firefox://open-url?url=https%3A%2F%2Fevil.example`
  /// in Firefox, and `itms-services://?action=download-manifest&url=https://evil.example/m.plist`
  /// installs from it. No list of browsers is complete, so every link of another scheme is read
  /// every way it may wrap one:
  ///
  /// - what follows its scheme, read as `https:` and as `http:` (the URL Standard reads
  ///   `https:evil.example` as `https://evil.example/`), so that an unknown app's
  ///   `scheme://host/path` is judged as that host and path;
  /// - what follows its scheme, when that begins with a scheme itself (`feed:https://…`);
  /// - each value in its query and fragment that begins with a scheme, percent-decoded once.
  ///
  /// A reading that is not a web link is read the same way in turn. Links of the schemes in
  /// ``addressSchemes`` name a person or a number, not a host, and are not read.
  ///
  /// - Parameter written: The link as written: a URL's `absoluteString`, or the text given.
  /// - Returns: The web links found, each as text, none for a web link; `nil` when the link
  ///   wraps more than ``wrappedLinkLimit`` links or nests them deeper than
  ///   ``wrappingDepthLimit``: it cannot be read, and a deny rule then matches it.
  package static func webLinks(wrappedIn written: String) -> [String]? {
    var found: [String] = []
    var pending: [(text: String, depth: Int)] = [(written, 0)]
    var seen = 0
    while let (text, depth) = pending.popLast() {
      guard let (scheme, rest) = schemeAndRest(of: text) else { continue }
      if scheme == "http" || scheme == "https" {
        if depth > 0 { found.append(text) }
        continue
      }
      guard !addressSchemes.contains(scheme) else { continue }
      guard depth < wrappingDepthLimit else { return nil }
      found.append("https:" + rest)
      found.append("http:" + rest)
      for inner in [rest] + parameterValues(in: rest) where schemeAndRest(of: inner) != nil {
        seen += 1
        guard seen <= wrappedLinkLimit else { return nil }
        pending.append((inner, depth + 1))
      }
    }
    return found
  }

  /// The most links one link is read as wrapping; a link that wraps more cannot be read.
  static let wrappedLinkLimit = 32

  /// How deep links may be wrapped in one another; a link that nests deeper cannot be read.
  static let wrappingDepthLimit = 4

  /// Schemes whose links name a person or a number, not a host: `mailto:someone@evil.example`
  /// writes to someone, and opens nothing at `evil.example`.
  static let addressSchemes = ["mailto", "tel", "sms", "facetime", "facetime-audio"]

  /// The scheme of `text`, lowercased, and what follows its colon, as a browser reads text:
  /// leading and trailing C0 controls and spaces trimmed, tabs and newlines removed. `nil`
  /// when it does not begin with a scheme (RFC 3986: a letter, then letters, digits, `+`,
  /// `-` or `.`).
  private static func schemeAndRest(of text: String) -> (scheme: String, rest: String)? {
    var bytes = Array(text.utf8)
    let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.count
    let end = (bytes.lastIndex { $0 > 0x20 } ?? -1) + 1
    bytes = start < end ? Array(bytes[start..<end]) : []
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      bytes[0].asciiLowercased >= UInt8(ascii: "a"), bytes[0].asciiLowercased <= UInt8(ascii: "z"),
      bytes[..<colon].allSatisfy({ isSchemeByte($0) })
    else { return nil }
    let scheme = String(decoding: bytes[..<colon].map(\.asciiLowercased), as: UTF8.self)
    return (scheme, String(decoding: bytes[(colon + 1)...], as: UTF8.self))
  }

  private static func isSchemeByte(_ byte: UInt8) -> Bool {
    let lower = byte.asciiLowercased
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// Each parameter of the query and the fragment of `rest` (split at `&` and `;`), and the
  /// value after its first `=`, percent-decoded once (as written when it holds a stray `%`).
  private static func parameterValues(in rest: String) -> [String] {
    guard let start = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return [] }
    var values: [String] = []
    for parameter in rest[rest.index(after: start)...].split(whereSeparator: { "&;?#".contains($0) }) {
      let value = parameter.firstIndex(of: "=").map { parameter[parameter.index(after: $0)...] } ?? parameter
      values.append(String(value).removingPercentEncoding ?? String(value))
    }
    return values
  }
}
