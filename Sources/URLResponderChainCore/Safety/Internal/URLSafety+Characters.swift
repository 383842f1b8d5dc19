import Foundation

extension URLSafety {
  /// The checks after the forbidden characters, for text that is not all ASCII: on its
  /// characters, because there a `:` or `/` followed by a combining mark is one character
  /// and not a delimiter. Only a raw string can get here (a `URL`'s `absoluteString` is
  /// ASCII); everything this path accepts has an ASCII authority.
  static func checkCharacters(
    _ url: URL, written: String, customSchemes: Set<String>, permittedPorts: Set<Int>
  ) -> Result<EligibleURL, URLRefusal> {
    // Scheme, as written. Characters are found without comparing them (see
    // `firstIndex(ofASCII:_:_:)`): a crafted run of combining marks must not cost minutes.
    let text = written[...]
    guard let colon = text.firstIndex(ofASCII: UInt8(ascii: ":")) else { return .failure(.malformed) }
    let scheme = text[..<colon].lowercased()
    let isWeb = scheme == "http" || scheme == "https"
    guard isWeb || (customSchemes.contains(scheme) && AppURLScheme.problem(with: scheme) == nil) else {
      return .failure(.unsupportedScheme(scheme.isEmpty ? (url.scheme ?? "") : scheme))
    }
    guard url.scheme?.lowercased() == scheme else { return .failure(.malformed) }
    let afterScheme = text[text.index(after: colon)...]
    // Two "/" characters, as `hasPrefix("//")` would find them (a "/" with a combining mark is
    // another character).
    var authorityStart = afterScheme.startIndex
    for _ in 0..<2 {
      let slash = afterScheme[authorityStart...].firstIndex(ofASCII: UInt8(ascii: "/"))
      guard slash == authorityStart else { return .failure(.missingAuthority) }
      authorityStart = afterScheme.utf8.index(after: authorityStart)
    }

    // Authority, as written: up to the first "/", "?" or "#".
    let rest = afterScheme[authorityStart...]
    let end = rest.firstIndex(ofASCII: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"))
    let authority = rest[..<(end ?? rest.endIndex)]
    guard authority.firstIndex(ofASCII: UInt8(ascii: "@")) == nil, url.user == nil, url.password == nil else {
      return .failure(.userInfo)
    }
    guard authority.utf8.allSatisfy({ $0 < 0x80 }) else {
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
        let digitBytes = digits.utf8
        guard digitBytes.count <= 5, digitBytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
          return .failure(.malformed)
        }
        // At most five digits: no overflow. The same sum as the ASCII path's.
        let port = digitBytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard port <= 65535 else { return .failure(.malformed) }
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
    return eligible(
      url, scheme: scheme, host: host, writtenPort: writtenPort, defaultPort: defaultPort,
      permittedPorts: permittedPorts)
  }
}
