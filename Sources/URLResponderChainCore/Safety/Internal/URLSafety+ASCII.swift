import Foundation

extension URLSafety {
  /// The checks after the forbidden characters, on the bytes of an ASCII string as written:
  /// the rules of ``URLSafety``, in the order the refusals are reported, then Foundation's
  /// view of the host and port compared with the written ones.
  ///
  /// In ASCII, a character is a byte, so this finds the same parts as the character-level
  /// check did (a differential test compares them on generated hostile URLs).
  static func checkASCII(
    _ url: URL, written bytes: UnsafeBufferPointer<UInt8>, customSchemes: Set<String>, permittedPorts: Set<Int>
  ) -> Result<EligibleURL, URLRefusal> {
    // Scheme, as written.
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.malformed) }
    let written = UnsafeBufferPointer(rebasing: bytes[..<colon])
    let scheme: String
    let defaultPort: Int?
    if written.equalsIgnoringASCIICase("https") {
      (scheme, defaultPort) = ("https", 443)
    } else if written.equalsIgnoringASCIICase("http") {
      (scheme, defaultPort) = ("http", 80)
    } else {
      // ASCII bytes (the caller checked), so `lowercased()` changes only A to Z.
      scheme = String(decoding: written, as: UTF8.self).lowercased()
      defaultPort = nil
      guard customSchemes.contains(scheme), AppURLScheme.problem(with: scheme) == nil else {
        return .failure(.unsupportedScheme(scheme.isEmpty ? (url.scheme ?? "") : scheme))
      }
    }
    guard let parsedScheme = url.scheme, parsedScheme.isLowercased(as: scheme) else { return .failure(.malformed) }
    guard bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
    else { return .failure(.missingAuthority) }

    // Authority, as written: up to the first "/", "?" or "#".
    let authorityStart = colon + 3
    var authorityEnd = authorityStart
    var hasAt = false
    var hasBracket = false
    var hasPercent = false
    var portColon: Int?
    scan: while authorityEnd < bytes.count {
      switch bytes[authorityEnd] {
      case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): break scan
      case UInt8(ascii: "@"): hasAt = true
      case UInt8(ascii: "["), UInt8(ascii: "]"): hasBracket = true
      case UInt8(ascii: "%"): hasPercent = true
      case UInt8(ascii: ":"): portColon = authorityEnd
      default: break
      }
      authorityEnd += 1
    }
    guard !hasAt, url.user == nil, url.password == nil else { return .failure(.userInfo) }
    let authority = authorityStart..<authorityEnd
    if hasBracket { return .failure(.ipAddress(String(decoding: bytes[authority], as: UTF8.self))) }
    if hasPercent { return .failure(.invalidHost("contains percent-encoding")) }

    // Split host and port as written.
    var hostEnd = authorityEnd
    var writtenPort: Int?
    if let portColon {
      hostEnd = portColon
      let digits = bytes[(portColon + 1)..<authorityEnd]
      if !digits.isEmpty {
        guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
          return .failure(.malformed)
        }
        let port = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard port <= 65535 else { return .failure(.malformed) }
        writtenPort = port
      }
    }
    let writtenHost = UnsafeBufferPointer(rebasing: bytes[authorityStart..<hostEnd])
    if writtenHost.contains(UInt8(ascii: ":")) { return .failure(.invalidHost("contains a colon")) }

    // Foundation's host, asked for now so that when it is the host as written and already in
    // normal form, it is the result too (no copy).
    let parsedHost = url.host(percentEncoded: true)
    let parsedAsWritten = parsedHost?.hasBytes(writtenHost) ?? false
    let host: String
    switch normalizedASCIIHost(writtenHost, alreadyNormal: parsedAsWritten ? parsedHost : nil) {
    case .success(let normalized): host = normalized
    case .failure(let refusal): return .failure(refusal)
    }

    // Foundation must see the same host and port as written.
    guard let parsedHost, parsedAsWritten || Self.normalizes(parsedHost, to: host) else {
      return .failure(.invalidHost("parsers disagree about the host"))
    }
    guard url.port == writtenPort else { return .failure(.malformed) }

    return eligible(
      url, scheme: scheme, host: host, writtenPort: writtenPort, defaultPort: defaultPort,
      permittedPorts: permittedPorts)
  }

  /// Whether `parsed` (Foundation's host) normalizes to `host`: compared byte by byte when
  /// ASCII, without building the normalized copy.
  private static func normalizes(_ parsed: String, to host: String) -> Bool {
    let equal = withUTF8(of: parsed) { parsed in
      withUTF8(of: host) { host -> Bool? in
        guard parsed.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") }) else { return nil }
        // `host` is already valid: equal bytes, give or take one trailing dot, is what
        // normalizing `parsed` would give.
        let count = parsed.last == UInt8(ascii: ".") ? parsed.count - 1 : parsed.count
        return UnsafeBufferPointer(rebasing: parsed[..<count]).equalsIgnoringASCIICase(host)
      }
    }
    if let equal { return equal }
    // Foundation keeps an internationalized host as percent-encoded UTF-8 while the URL's text
    // has its ASCII form: the two agree when that Unicode host, converted label by label as
    // a rule is (``Punycode``), is the host as written.
    if parsed.contains("%"), let unicode = parsed.removingPercentEncoding {
      guard case .success(let ascii) = Punycode.asciiHost(Substring(unicode)) else { return false }
      return normalizedHost(Substring(ascii)) == .success(host)
    }
    return normalizedHost(Substring(parsed)) == .success(host)
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes spell `lowercase` (ASCII, lowercase) in any case.
  fileprivate func equalsIgnoringASCIICase(_ lowercase: StaticString) -> Bool {
    lowercase.withUTF8Buffer { equalsIgnoringASCIICase($0) }
  }

  /// Whether the bytes are `lowercase` (ASCII, lowercase) in any case: same count, and each
  /// byte lowercases to the other's. One loop serves every caller, so it is compiled once.
  fileprivate func equalsIgnoringASCIICase(_ lowercase: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == lowercase.count else { return false }
    for index in indices where self[index].asciiLowercased != lowercase[index] { return false }
    return true
  }
}

extension String {
  /// Whether the string's UTF-8 is exactly `bytes`: one `memcmp`, without a copy when the
  /// string stores its bytes contiguously (Foundation's hosts do).
  fileprivate func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard utf8.count == bytes.count else { return false }
    // Module-qualified: inside `String`, `withUTF8` names the standard library's mutating method.
    return URLResponderChainCore.withUTF8(of: self) { own in
      own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0
    }
  }

  /// Whether the string lowercases to `lowercase`: byte by byte when ASCII.
  ///
  /// Not inlined: the scheme check runs once per URL, and inlined it doubles in size.
  @inline(never)
  fileprivate func isLowercased(as lowercase: String) -> Bool {
    if self == lowercase { return true }
    let asASCII = URLResponderChainCore.withUTF8(of: self) { own -> Bool? in
      guard own.allSatisfy({ $0 < 0x80 }) else { return nil }
      return URLResponderChainCore.withUTF8(of: lowercase) { own.equalsIgnoringASCIICase($0) }
    }
    return asASCII ?? (lowercased() == lowercase)
  }
}
