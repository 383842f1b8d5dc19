import Foundation

@testable import URLResponderChainCore

/// `URLSafety` as it was before it worked on bytes: Character-level parsing of the written
/// string, Foundation's view of every part. The reference for `URLSafetyDifferentialTests`.
enum ReferenceURLSafety {
  static func check(_ string: String, permittedPorts: Set<Int> = []) -> Result<EligibleURL, URLRefusal> {
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
  static func check(_ url: URL, permittedPorts: Set<Int> = []) -> Result<EligibleURL, URLRefusal> {
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
  static func check(
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
        guard digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(digits), port <= 65535
        else {
          return .failure(.malformed)
        }
        writtenPort = port
      }
    }
    if writtenHost.contains(":") { return .failure(.invalidHost("contains a colon")) }

    guard let host = ReferenceHost.normalized(writtenHost) else {
      return .failure(.invalidHost("refused by the host rule"))
    }

    // Foundation must see the same host and port as written.
    // An internationalized host Foundation keeps as percent-encoded UTF-8: its own IDNA gives
    // the ASCII form to compare.
    var foundationHost = url.host(percentEncoded: true)
    if let parsed = foundationHost, parsed.contains("%"), let unicode = parsed.removingPercentEncoding {
      var components = URLComponents()
      components.host = unicode
      foundationHost = components.encodedHost.flatMap { $0.contains("%") ? nil : $0 }
    }
    guard let parsedHost = foundationHost,
      ReferenceHost.normalized(Substring(parsedHost)) == host
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
    let path = ReferenceWHATWGPath.resolve(url.path(percentEncoded: true))
    return .success(EligibleURL(url: url, scheme: scheme, host: host, port: port, path: path))
  }

}
