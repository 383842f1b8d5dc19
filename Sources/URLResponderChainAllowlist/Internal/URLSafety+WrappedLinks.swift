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
    var level = [written]
    var wrapped = 0
    for depth in 0...wrappingDepthLimit {
      var inner: [String] = []
      for text in level {
        guard let (bytes, colon) = schemeAndRest(of: text) else { continue }
        let scheme = String(decoding: bytes[..<colon].map(\.asciiLowercased), as: UTF8.self)
        if scheme == "http" || scheme == "https" {
          if depth > 0 { found.append(String(decoding: bytes, as: UTF8.self)) }
          continue
        }
        guard !addressSchemes.contains(scheme) else { continue }
        guard depth < wrappingDepthLimit else { return nil }
        let rest = String(decoding: bytes[(colon + 1)...], as: UTF8.self)
        found.append("https:" + rest)
        found.append("http:" + rest)
        inner.append(rest)
        // An `http:` or `https:` wherever it stands before the query, as written and decoded
        // once, begins a web link: Microsoft's Office schemes open
        // `ms-word:ofe|u|https://evil.example/d.docx` from `evil.example`. (What follows the
        // scheme is read above. Bytes, never `String` comparisons, which compose a run of
        // combining marks in time growing with its square; at most one start more than the
        // limit is looked for, so a link of a million `https:` costs no more than one.)
        let restStart = colon + 1
        let queryStart =
          bytes[restStart...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        let asWritten = Array(bytes[restStart..<queryStart])
        var embedded: Set<[UInt8]> = []
        for (text, skipsFirst) in [(asWritten, true), (percentDecodedOnce(asWritten), false)] {
          for start in webSchemeStarts(in: text, limit: wrappedLinkLimit + 1) where start > 0 || !skipsFirst {
            let link = Array(text[start...] + bytes[queryStart...])
            if embedded.insert(link).inserted { inner.append(String(decoding: link, as: UTF8.self)) }
          }
        }
        // Each parameter of the query and the fragment, and the value after its first `=`,
        // percent-decoded once (as written when it holds a stray `%`).
        guard let start = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
          continue
        }
        for parameter in bytes[(start + 1)...].split(whereSeparator: { Self.separatesParameters($0) }) {
          let equals = parameter.firstIndex(of: UInt8(ascii: "="))
          let value = String(decoding: equals.map { parameter[($0 + 1)...] } ?? parameter, as: UTF8.self)
          inner.append(value.removingPercentEncoding ?? value)
        }
      }
      // Only what begins with a scheme is read again, and counted.
      level = []
      for text in inner where schemeAndRest(of: text) != nil { level.append(text) }
      wrapped += level.count
      guard wrapped <= wrappedLinkLimit else { return nil }
    }
    return found
  }

  /// Where `http:` or `https:` (in any case) begins in `text`, the first `limit` of them.
  private static func webSchemeStarts(in text: [UInt8], limit: Int) -> [Int] {
    var starts: [Int] = []
    var index = 0
    while starts.count < limit, index + 5 <= text.count {
      if text[index].asciiLowercased == UInt8(ascii: "h"), text[index + 1].asciiLowercased == UInt8(ascii: "t"),
        text[index + 2].asciiLowercased == UInt8(ascii: "t"), text[index + 3].asciiLowercased == UInt8(ascii: "p")
      {
        let fifth = text[index + 4].asciiLowercased
        if fifth == UInt8(ascii: ":")
          || (fifth == UInt8(ascii: "s") && index + 5 < text.count && text[index + 5] == UInt8(ascii: ":"))
        {
          starts.append(index)
        }
      }
      index += 1
    }
    return starts
  }

  /// `bytes` with each escape of two hex digits decoded, once; a stray `%` is kept.
  private static func percentDecodedOnce(_ bytes: [UInt8]) -> [UInt8] {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = bytes[index + 1].hexValue,
        let low = bytes[index + 2].hexValue
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return decoded
  }

  /// The most links one link is read as wrapping; a link that wraps more cannot be read.
  static let wrappedLinkLimit = 32

  /// How deep links may be wrapped in one another; a link that nests deeper cannot be read.
  static let wrappingDepthLimit = 4

  /// Schemes whose links name a person or a number, not a host: `mailto:someone@evil.example`
  /// writes to someone, and opens nothing at `evil.example`.
  static let addressSchemes = ["mailto", "tel", "sms", "facetime", "facetime-audio"]

  /// `text` as a browser reads it (C0 controls and spaces trimmed around it, tabs and
  /// newlines removed) and the index of the colon that ends its scheme (RFC 3986: a letter,
  /// then letters, digits, `+`, `-` or `.`); `nil` when it does not begin with one.
  private static func schemeAndRest(of text: String) -> (bytes: [UInt8], colon: Int)? {
    let bytes = browserTrimmed(text)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.first?.asciiLowercased.isASCIILetter == true,
      bytes[..<colon].allSatisfy(\.isSchemeByte)
    else { return nil }
    return (bytes, colon)
  }

  private static func separatesParameters(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }
}

extension UInt8 {
  /// Whether the byte is a lowercase ASCII letter.
  fileprivate var isASCIILetter: Bool { self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z") }
}
