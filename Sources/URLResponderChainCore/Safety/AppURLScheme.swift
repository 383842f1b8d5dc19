/// An app's own URL scheme (`myapp` in `myapp://document/42`), validated so that it can
/// never stand for a web, script or file scheme.
package enum AppURLScheme {
  /// Schemes that are never an app's own: the web, scripts, local files and system handlers.
  /// An array: twenty names are compared faster than a set is built, and with less code.
  static let reserved: [String] = [
    "http", "https", "javascript", "vbscript", "data", "blob", "file", "about", "filesystem", "ftp", "ws", "wss",
    "mailto", "tel", "sms", "facetime", "facetime-audio", "itms-apps", "app-settings", "x-apple-data-detectors",
  ]

  /// Why `scheme` cannot be an app's own scheme, or `nil` when it can: RFC 3986 syntax
  /// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`) written in lowercase, and not reserved.
  package static func problem(with scheme: String) -> String? {
    let bytes = Array(scheme.utf8)
    guard let first = bytes.first else { return "the scheme is empty" }
    guard first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z"),
      bytes.allSatisfy({
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
          || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
      })
    else { return "\"\(scheme)\" is not a lowercase URL scheme (a letter, then letters, digits, +, - or .)" }
    guard !reserved.contains(scheme) else { return "\"\(scheme)\" is not an app's own scheme" }
    return nil
  }
}
