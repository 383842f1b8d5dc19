import Foundation

/// The host rule of DESIGN.md ("URL safety and matching"), written from its text for the
/// differential tests, not from the production code: string operations on whole labels, and
/// Foundation's IDNA (``ReferenceIDNA``) for `xn--` labels.
///
/// The rule: lowercase; drop exactly one trailing dot; every label non-empty letters, digits
/// and hyphens, at most 63 of them (RFC 1035 §2.3.4); at most 253 in all; a label with `--`
/// in its third and fourth places is reserved unless it is a valid `xn--` label (RFC 5891
/// §4.2.3.1); and the last label is not a number, decimal or `0x` hex, which the URL
/// Standard's host parser would read as an IPv4 address.
package enum ReferenceHost {
  /// The normalized host, or `nil` when the rule refuses it (the reason is not compared).
  package static func normalized(_ written: Substring) -> String? {
    // ASCII only: internationalized labels reach the rule in their `xn--` form.
    guard written.allSatisfy(\.isASCII) else { return nil }
    var host = written.lowercased()
    if host.last == "." { host.removeLast() }
    let labels = host.components(separatedBy: ".")
    guard !host.isEmpty, host.utf8.count <= 253, labels.allSatisfy(isValidLabel) else { return nil }
    guard let last = labels.last, !isNumber(last) else { return nil }
    return host
  }

  private static let letterDigitHyphen = Set("abcdefghijklmnopqrstuvwxyz0123456789-")

  private static func isValidLabel(_ label: String) -> Bool {
    guard (1...63).contains(label.utf8.count), label.allSatisfy(letterDigitHyphen.contains) else { return false }
    let characters = Array(label)
    guard characters.count >= 4, characters[2] == "-", characters[3] == "-" else { return true }
    return label.hasPrefix("xn--") && ReferenceIDNA.isValidACELabel(label)
  }

  private static func isNumber(_ label: String) -> Bool {
    if !label.isEmpty, label.allSatisfy({ "0123456789".contains($0) }) { return true }
    guard label.hasPrefix("0x") else { return false }
    return label.dropFirst(2).allSatisfy { "0123456789abcdef".contains($0) }
  }
}
