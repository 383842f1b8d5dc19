import Foundation
import TestSupport

@testable import URLResponderChainCore

/// URL eligibility as DESIGN.md ("URL safety and matching") states it, written from its text
/// for `URLSafetyDifferentialTests`: a regular expression splits the written URL,
/// ``ReferenceHost`` judges the host, and Foundation's view of the value must agree.
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

  /// DESIGN.md's eligibility rule on the written text, then Foundation's view of the same
  /// value, which must agree. The reason of a refusal is not compared, only that there is one.
  private static func check(
    _ url: URL, written: String, customSchemes: Set<String> = [], permittedPorts: Set<Int>
  ) -> Result<EligibleURL, URLRefusal> {
    // `scheme://authority`, then the rest from the first `/`, `?` or `#`.
    let shape = /(?s)^(?<scheme>[^:\/?#]*):\/\/(?<authority>[^\/?#]*)(?<rest>[\/?#].*)?$/
    guard let parts = written.wholeMatch(of: shape) else { return .failure(.malformed) }
    let scheme = parts.scheme.lowercased()
    let defaultPorts = ["http": 80, "https": 443]
    let isWeb = defaultPorts[scheme] != nil
    guard isWeb || (customSchemes.contains(scheme) && AppURLScheme.problem(with: scheme) == nil),
      url.scheme?.lowercased() == scheme
    else { return .failure(.unsupportedScheme(scheme)) }

    // No user info; an ASCII host with no percent-encoding and no IP literal brackets.
    let authority = parts.authority
    guard url.user == nil, url.password == nil,
      !authority.contains(where: { $0 == "@" || $0 == "%" || $0 == "[" || $0 == "]" || !$0.isASCII })
    else { return .failure(.malformed) }

    // `host[:port]`, the port optional and empty meaning the default.
    let hostAndPort = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let portText = hostAndPort.count == 2 ? hostAndPort[1] : ""
    guard portText.allSatisfy({ ("0"..."9").contains($0) }), let host = ReferenceHost.normalized(hostAndPort[0])
    else { return .failure(.malformed) }
    let writtenPort = portText.isEmpty ? nil : Int(portText)
    guard portText.isEmpty || (writtenPort.map { $0 <= 65_535 } ?? false) else { return .failure(.malformed) }

    // Foundation must see the same host (an internationalized one as its IDNA ASCII form)
    // and the same port.
    var seenHost = url.host(percentEncoded: true)
    if let encoded = seenHost, encoded.contains("%") {
      var components = URLComponents()
      components.host = encoded.removingPercentEncoding
      seenHost = components.encodedHost.flatMap { $0.contains("%") ? nil : $0 }
    }
    guard let seenHost, ReferenceHost.normalized(Substring(seenHost)) == host, url.port == writtenPort else {
      return .failure(.malformed)
    }

    // A port other than the scheme's default only where a rule names it.
    let port = writtenPort == defaultPorts[scheme] ? nil : writtenPort
    if let port, !permittedPorts.contains(port) { return .failure(.nonDefaultPort(port)) }
    return .success(
      EligibleURL(
        url: url, scheme: scheme, host: host, port: port,
        path: ReferenceRFC3986Path.normalize(ReferenceWHATWGPath.resolve(url.path(percentEncoded: true)))))
  }
}
