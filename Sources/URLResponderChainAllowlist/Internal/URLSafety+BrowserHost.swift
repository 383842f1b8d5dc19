import Foundation
package import URLResponderChainCore

extension URLSafety {
  /// A host that cannot be read: longer than ``longestReadableHost`` or holding more than 30
  /// combining marks in a row (``OverlongCombiningRun``), which could take time growing with
  /// the square of its length to read, or holding a scalar this reading cannot map as a
  /// browser does. A deny rule that could apply blocks such a link: IDNA drops the characters
  /// it ignores (a soft hyphen), so a very long written host may still load from a short one
  /// a deny rule names.
  package struct UnreadableHost: Error {}

  /// The longest host, as written in a link (escapes and all), that is read: sixteen times the
  /// longest domain name DNS resolves (253 bytes), which leaves room for every character of
  /// that name to be written as an escaped scalar of four bytes (12 bytes).
  package static let longestReadableHost = 4_096

  /// The host a browser loads from `written`, a link's host as written: what the URL
  /// Standard's host parser does with it.
  ///
  /// The host is percent-decoded, then, if it is not ASCII, mapped as UTS #46 maps a domain
  /// name (``idnaMapped(_:)``: NFKC_Casefold, and the ideographic full stops read as `.`), and
  /// each label that is not ASCII written in its `xn--` form; an ASCII host is lowercased. So
  /// `evil%E3%80%82example`, `%EF%BD%85vil.example` and `ev%C2%ADil.example` are all
  /// `evil.example`, and `b%C3%BCcher.example` and `bu%CC%88cher.example` are
  /// `xn--bcher-kva.example`, as in a browser. Trailing dots are dropped, every one of them:
  /// a resolver that reads `evil.example.` as `evil.example` may read `evil.example..` so too.
  ///
  /// Where this reading and a browser's part, it is only for hosts no rule can name: a rule
  /// names its host in the strict form ``Punycode`` describes, which refuses the characters
  /// IDNA readers disagree on. UTS #46 keeps `ß`, final `ς` and the zero-width joiners that
  /// NFKC_Casefold changes (`faß` is `xn--fa-hia` in a browser, `fass` here); a label with no
  /// ASCII form in the strict form (a symbol, `☕`) has no reading, nor has a host that UTS #46
  /// refuses but that this reading maps all the same (`a⒈com` is `a1.com` here). A deny rule
  /// is judged on a host it could name, exactly as the browser loads it.
  ///
  /// - Returns: The host, ASCII and lowercase, not yet checked as a host (``HostSyntax``);
  ///   `nil` when no browser loads it from a domain name: an escape that is not one, bytes that
  ///   are not UTF-8, a control character or a character no domain name holds (`/`, `@`, a
  ///   space…), or a label with no ASCII form.
  /// - Throws: ``UnreadableHost`` when the host is too long to be read, holds a run of more
  ///   than 30 combining marks, or a scalar that is unassigned here or that NFKC_Casefold still
  ///   changes once mapped.
  package static func browserHost(_ written: Substring) throws(UnreadableHost) -> String? {
    guard let mapped = try mappedHost(written) else { return nil }
    var host: String
    if mapped.utf8.allSatisfy({ $0 < 0x80 }) {
      host = mapped
    } else {
      guard case .success(let ascii) = Punycode.asciiHost(Substring(mapped)) else { return nil }
      host = ascii
    }
    while host.utf8.last == UInt8(ascii: ".") { host.removeLast() }
    guard !host.isEmpty, !host.utf8.contains(where: { $0 < 0x21 || forbiddenHostBytes.contains($0) }) else {
      return nil
    }
    return host
  }

  /// The parent domain of the host a browser loads from `written` that a rule can name, when
  /// the host itself has labels no rule can name: the longest run of its last labels that a
  /// rule can name. A browser loads `a_b.evil.example`, `☕.evil.example` and
  /// `xn--53h.evil.example` (labels outside the strict form of ``Punycode``) from a subdomain
  /// of `evil.example`, whatever its first labels are, so a deny rule for `*.evil.example`
  /// must block it. `nil` when the host has no such label (it is read whole, by
  /// ``browserHost(_:)``), or none of its last labels can be named.
  ///
  /// - Throws: ``UnreadableHost``, as ``browserHost(_:)`` does.
  package static func nameableParent(of written: Substring) throws(UnreadableHost) -> String? {
    // A character no domain name holds (a space, `@`, `%`…) makes the host one no browser loads.
    guard let mapped = try mappedHost(written),
      !mapped.utf8.contains(where: { $0 < 0x21 || forbiddenHostBytes.contains($0) })
    else { return nil }
    var labels = mapped.split(separator: ".", omittingEmptySubsequences: false)
    while labels.last?.isEmpty == true { labels.removeLast() }
    var parent: [String] = []
    for label in labels.reversed() {
      guard let ascii = nameableLabel(label) else { break }
      parent.append(ascii)
    }
    guard !parent.isEmpty, parent.count < labels.count else { return nil }
    return parent.reversed().joined(separator: ".")
  }

  /// `label` (mapped) in the ASCII form a rule names it by, or `nil` when no rule can.
  private static func nameableLabel(_ label: Substring) -> String? {
    guard !label.isEmpty, case .success(let ascii) = Punycode.asciiHost(label) else { return nil }
    // Checked as a label of a host, not as its last label (which may not be a number).
    let host = Array((ascii + ".example").utf8)
    guard case .success = host.withUnsafeBufferPointer({ HostSyntax.check($0) }) else { return nil }
    return ascii
  }

  /// The host written in a link, percent-decoded and, if it is not ASCII, mapped by
  /// ``idnaMapped(_:)``; an ASCII host lowercased. `nil` for an escape that is not one, bytes
  /// that are not UTF-8 or a control character.
  private static func mappedHost(_ written: Substring) throws(UnreadableHost) -> String? {
    // Checked before anything else: decoding and mapping then take a bounded time.
    guard written.utf8.count <= longestReadableHost else { throw UnreadableHost() }
    // Decoded as a placeholder's segment is: `nil` for a stray `%`, bytes that are not UTF-8
    // or a control character, none of which names a host a browser loads.
    guard let decoded = URLPattern.placeholderValue(written) else { return nil }
    if decoded.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: decoded.utf8.map(\.asciiLowercased), as: UTF8.self)
    }
    guard OverlongCombiningRun.end(in: decoded.unicodeScalars) == nil else { throw UnreadableHost() }
    let mapped = idnaMapped(decoded)
    // A scalar that NFKC_Casefold still changes was not mapped as a browser maps it, nor was
    // one unassigned here that a browser may know: Foundation may know fewer compatibility
    // forms than Unicode's properties do (`𜳚`, U+1CCDA, is an outlined `E`).
    guard
      !mapped.unicodeScalars.contains(where: {
        !$0.isASCII && ($0.properties.changesWhenNFKCCaseFolded || $0.properties.generalCategory == .unassigned)
      })
    else { throw UnreadableHost() }
    return mapped
  }

  /// `text` mapped as UTS #46 maps a domain name before it is split into labels (its mapping
  /// table is derived from NFKC_Casefold): NFKC_Casefold (``nfkcCaseFolded(_:)``: `ＥＶＩＬ` is
  /// `evil`, a soft hyphen is dropped), then the ideographic full stop `。`, to which NFKC maps
  /// the halfwidth one, read as `.` (NFKC maps the fullwidth `．` to `.` itself).
  ///
  /// `IDNAReadingDifferentialTests` checks it against ICU's UTS #46 (Foundation's) over every
  /// scalar, and against Unicode's IdnaTestV2 and the URL Standard's host cases.
  static func idnaMapped(_ text: String) -> String {
    let folded = nfkcCaseFolded(text)
    guard folded.unicodeScalars.contains("\u{3002}") else { return folded }
    var scalars = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars { scalars.append(scalar == "\u{3002}" ? "." : scalar) }
    return String(scalars)
  }

  /// What may not stand in a domain name a browser loads from (the URL Standard's forbidden
  /// domain code points that survive decoding).
  private static let forbiddenHostBytes = Set("/\\@:?#%[] <>^|".utf8)
}
