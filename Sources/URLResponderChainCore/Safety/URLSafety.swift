public import Foundation

/// Decides whether a URL may be matched against an allowlist or shown in an in-app browser.
///
/// The rules (see the package's design notes) are deliberately stricter than a browser, so
/// that what is matched is always what the browser will load:
///
/// - scheme `http` or `https` (any case), written `scheme://host`;
/// - no user name or password; no control character, space, DEL or backslash in the input;
/// - a host of ASCII letters, digits and hyphens in non-empty labels, lowercased, one
///   trailing dot dropped; no `%`, `[` or `]`; not an IP address in any form (a last label
///   that is a number, `0x…` included); no non-ASCII and no reserved `??--` label such as
///   `xn--…` (validating punycode the way browsers do needs UTS 46; browsers refuse invalid
///   `xn--` labels that Foundation accepts, so internationalized hosts are not eligible and
///   go on to the system browser);
/// - the scheme's default port, unless the port is in `permittedPorts`;
/// - Foundation's view of the host must equal the host as written; where parsers could
///   disagree, the URL is refused.
///
/// An app's own scheme (`myapp://document/42`) is accepted only where it is asked for with
/// ``check(_:customSchemes:permittedPorts:)``, under the same rules (it has no default port).
///
/// ```swift
/// switch URLSafety.check("https://Example.COM./a") {
/// case .success(let eligible): eligible.host     // "example.com"
/// case .failure(let refusal): print(refusal)      // a readable reason
/// }
/// ```
public enum URLSafety {
  /// Checks a string the app is about to open.
  ///
  /// - Parameters:
  ///   - string: The raw URL string.
  ///   - permittedPorts: Non-default ports a rule names explicitly.
  /// - Returns: The eligible URL (whose ``EligibleURL/url`` is the value to open) or why not.
  public static func check(_ string: String, permittedPorts: Set<Int> = []) -> Result<EligibleURL, URLRefusal> {
    if let forbidden = string.unicodeScalars.first(where: isForbidden) {
      return .failure(.forbiddenCharacter(forbidden.value))
    }
    guard let url = URL(string: string) else { return .failure(.malformed) }
    return check(url, written: string, permittedPorts: permittedPorts)
  }

  /// Checks a URL value the app is about to open.
  ///
  /// - Parameters:
  ///   - url: The URL; its `absoluteString` is what is checked, and `url` itself is returned.
  ///   - permittedPorts: Non-default ports a rule names explicitly.
  /// - Returns: The eligible URL or why not.
  public static func check(_ url: URL, permittedPorts: Set<Int> = []) -> Result<EligibleURL, URLRefusal> {
    let written = url.absoluteString
    if let forbidden = written.unicodeScalars.first(where: isForbidden) {
      return .failure(.forbiddenCharacter(forbidden.value))
    }
    return check(url, written: written, permittedPorts: permittedPorts)
  }

  /// Checks a URL that may use one of the app's own schemes, with the same rules as web URLs:
  /// written `scheme://host`, no user info, no forbidden characters, the host as written.
  ///
  /// ```swift
  /// URLSafety.check(URL(string: "myapp://document/42")!, customSchemes: ["myapp"])   // eligible
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - customSchemes: The app's own schemes, lowercase; `http` and `https` are accepted too.
  ///     Reserved schemes (`javascript`, `file`, `data`, …) are never accepted.
  ///   - permittedPorts: Ports a rule names explicitly (a custom scheme has no default port).
  /// - Returns: The eligible URL or why not.
  public static func check(
    _ url: URL, customSchemes: Set<String>, permittedPorts: Set<Int> = []
  ) -> Result<EligibleURL, URLRefusal> {
    let written = url.absoluteString
    if let forbidden = written.unicodeScalars.first(where: isForbidden) {
      return .failure(.forbiddenCharacter(forbidden.value))
    }
    return check(url, written: written, customSchemes: customSchemes, permittedPorts: permittedPorts)
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value <= 0x20 || scalar.value == 0x7F || scalar == "\\"
  }

  private static func check(
    _ url: URL, written: String, customSchemes: Set<String> = [], permittedPorts: Set<Int>
  ) -> Result<EligibleURL, URLRefusal> {
    // Scheme, as written.
    guard let colon = written.firstIndex(of: ":") else { return .failure(.malformed) }
    let scheme = written[..<colon].lowercased()
    let isWeb = scheme == "http" || scheme == "https"
    guard isWeb || (customSchemes.contains(scheme) && AppURLScheme.problem(with: scheme) == nil) else {
      return .failure(.unsupportedScheme(scheme.isEmpty ? (url.scheme ?? "") : scheme))
    }
    guard url.scheme?.lowercased() == scheme else { return .failure(.malformed) }
    let afterScheme = written[written.index(after: colon)...]
    guard afterScheme.hasPrefix("//") else { return .failure(.missingAuthority) }

    // Authority, as written: up to the first "/", "?" or "#".
    let authorityStart = afterScheme.index(afterScheme.startIndex, offsetBy: 2)
    let rest = afterScheme[authorityStart...]
    let authority = rest[..<(rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex)]
    guard !authority.contains("@"), url.user == nil, url.password == nil else { return .failure(.userInfo) }
    guard authority.unicodeScalars.allSatisfy(\.isASCII) else {
      return .failure(.invalidHost("contains non-ASCII characters"))
    }
    if authority.contains("[") || authority.contains("]") { return .failure(.ipAddress(String(authority))) }
    if authority.contains("%") { return .failure(.invalidHost("contains percent-encoding")) }

    // Split host and port as written.
    var writtenHost = authority
    var writtenPort: Int?
    if let portColon = authority.lastIndex(of: ":") {
      writtenHost = authority[..<portColon]
      let digits = authority[authority.index(after: portColon)...]
      if !digits.isEmpty {
        guard digits.count <= 5, digits.allSatisfy(\.isASCIIDigit), let port = Int(digits), port <= 65535 else {
          return .failure(.malformed)
        }
        writtenPort = port
      }
    }
    if writtenHost.contains(":") { return .failure(.invalidHost("contains a colon")) }

    let host: String
    switch normalizedHost(writtenHost) {
    case .success(let normalized): host = normalized
    case .failure(let refusal): return .failure(refusal)
    }

    // Foundation must see the same host and port as written.
    guard let parsedHost = url.host(percentEncoded: true), normalizedHost(Substring(parsedHost)) == .success(host)
    else {
      return .failure(.invalidHost("parsers disagree about the host"))
    }
    guard url.port == writtenPort else { return .failure(.malformed) }

    let defaultPort: Int? = isWeb ? (scheme == "https" ? 443 : 80) : nil
    var port: Int?
    if let writtenPort, writtenPort != defaultPort {
      guard permittedPorts.contains(writtenPort) else { return .failure(.nonDefaultPort(writtenPort)) }
      port = writtenPort
    }
    let path = url.path(percentEncoded: true)
    return .success(EligibleURL(url: url, scheme: scheme, host: host, port: port, path: path.isEmpty ? "/" : path))
  }

  /// Lowercases, drops one trailing dot, and checks labels and IP forms.
  static func normalizedHost(_ written: Substring) -> Result<String, URLRefusal> {
    if written.utf8.allSatisfy({ $0 < 0x80 }) { return normalizedASCIIHost(written) }
    var host = written.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    guard !host.isEmpty else { return .failure(.missingHost) }
    guard host.utf8.count <= 253 else { return .failure(.invalidHost("longer than 253 characters")) }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    for label in labels {
      guard !label.isEmpty else { return .failure(.invalidHost("has an empty label")) }
      guard label.utf8.count <= 63 else { return .failure(.invalidHost("has a label longer than 63 characters")) }
      guard label.utf8.allSatisfy({ $0.isLDH }) else {
        return .failure(.invalidHost("\"\(label)\" is not letters, digits and hyphens"))
      }
      if label.utf8.count >= 4, label.utf8.dropFirst(2).prefix(2).elementsEqual("--".utf8) {
        return .failure(.invalidHost("\"\(label)\" is a reserved or internationalized (xn--) label"))
      }
    }
    if let last = labels.last, isNumeric(last) { return .failure(.ipAddress(host)) }
    return .success(host)
  }

  /// ``normalizedHost(_:)`` for a host written in ASCII, on its bytes: the same checks in
  /// the same order, without splitting into strings.
  private static func normalizedASCIIHost(_ written: Substring) -> Result<String, URLRefusal> {
    var bytes = Array(written.utf8)
    for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") {
      bytes[index] += 0x20
    }
    if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
    guard !bytes.isEmpty else { return .failure(.missingHost) }
    guard bytes.count <= 253 else { return .failure(.invalidHost("longer than 253 characters")) }
    var start = 0
    var lastLabel = 0..<0
    while start <= bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
      let label = bytes[start..<end]
      guard !label.isEmpty else { return .failure(.invalidHost("has an empty label")) }
      guard label.count <= 63 else { return .failure(.invalidHost("has a label longer than 63 characters")) }
      guard label.allSatisfy({ $0.isLDH }) else {
        return .failure(
          .invalidHost("\"\(String(decoding: label, as: UTF8.self))\" is not letters, digits and hyphens"))
      }
      if label.count >= 4, label[start + 2] == UInt8(ascii: "-"), label[start + 3] == UInt8(ascii: "-") {
        return .failure(
          .invalidHost("\"\(String(decoding: label, as: UTF8.self))\" is a reserved or internationalized (xn--) label"))
      }
      lastLabel = start..<end
      start = end + 1
    }
    let host = String(decoding: bytes, as: UTF8.self)
    if isNumeric(bytes[lastLabel]) { return .failure(.ipAddress(host)) }
    return .success(host)
  }

  /// ``isNumeric(_:)`` on the bytes of a lowercase ASCII label.
  private static func isNumeric(_ label: ArraySlice<UInt8>) -> Bool {
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    if label.allSatisfy(isDigit) { return true }
    guard label.count >= 2, label[label.startIndex] == UInt8(ascii: "0"),
      label[label.startIndex + 1] == UInt8(ascii: "x")
    else { return false }
    return label.dropFirst(2).allSatisfy { isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) }
  }

  /// A label the URL Standard would read as a number: decimal, octal or `0x` hex.
  private static func isNumeric(_ label: Substring) -> Bool {
    if label.allSatisfy(\.isASCIIDigit) { return true }
    let lower = label.lowercased()
    guard lower.hasPrefix("0x") else { return false }
    return lower.dropFirst(2).allSatisfy(\.isHexDigit)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension UInt8 {
  fileprivate var isLDH: Bool {
    (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
      || self == UInt8(ascii: "-")
  }
}
