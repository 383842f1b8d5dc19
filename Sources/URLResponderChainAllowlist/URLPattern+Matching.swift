public import Foundation
public import URLResponderChainCore

/// What a ``URLPattern`` matched: the URL, the captured placeholders and the query items.
public struct URLPatternMatch: Sendable, Hashable {
  /// The URL that matched.
  public let url: EligibleURL
  /// The value of each `:name` placeholder.
  public let parameters: [String: String]
  /// The URL's query items, in order.
  ///
  /// - Complexity: O(*n*) in the URL's length; each read parses the query again.
  public var queryItems: [URLQueryItem] {
    URLComponents(url: url.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  }
  /// The first value of the query item called `name`.
  ///
  /// Names are compared exactly, by their UTF-8, as servers and `URLSearchParams` compare
  /// them: `e` with a combining accent is not `é`. (Comparing them as Swift strings would
  /// compose both, in time that grows with the square of a run of combining marks in a
  /// crafted link.)
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name.utf8.elementsEqual(name.utf8) }?.value
  }
}

extension URLPattern {
  /// Whether the pattern's host part matches `host` (already normalized).
  package func matchesHost(_ host: String) -> Bool {
    guard matchesSubdomainsOnly else { return host == self.host }
    return host.count > self.host.count + 1 && host.hasSuffix(self.host)
      && host.utf8[host.utf8.index(host.utf8.endIndex, offsetBy: -(self.host.utf8.count + 1))] == UInt8(ascii: ".")
  }

  /// Matches an eligible URL: scheme (if fixed), host, port and path.
  ///
  /// A placeholder never captures a dot segment: an encoded slash would otherwise let
  /// `myapp://document/..%2F..%2Fsecret` capture `../../secret`, and an app that reads the
  /// value as a file name would climb out of its folder. A segment whose value, split at `/`
  /// and `\`, holds `.` or `..`, as decoded or decoded again (`%252E%252E`), does not match.
  ///
  /// - Returns: The captured placeholders, or `nil` if the URL does not match.
  public func match(_ url: EligibleURL) -> URLPatternMatch? {
    if let scheme {
      guard scheme == url.scheme else { return nil }
    } else {
      guard url.scheme == "http" || url.scheme == "https" else { return nil }  // an app scheme is always written
    }
    guard port == url.port, matchesHost(url.host), let parameters = matchPath(url.path) else { return nil }
    return URLPatternMatch(url: url, parameters: parameters)
  }

  /// Whether the pattern matches `url`, whose host is known to match, with `urlPath` as its
  /// path (`url.path`, or a lenient server's reading of it): ``match(_:)`` without building
  /// the match, and without allocating unless a placeholder has to be decoded.
  ///
  /// A deny rule (`denies`) must match every path a server could route to it, so its
  /// placeholders match any non-empty segment, whatever it holds: a router captures `%FF`,
  /// a stray `%` or a control character too (Flask gives `'\u{FFFD}'`), and a deny rule that
  /// did not match them would fail open. An allow rule's placeholder matches only a segment
  /// that decodes to text (``placeholderValue(_:)``). With `anyPort`, a pattern without a
  /// port matches on every port, as a deny rule does: a browser loads
  /// `https://evil.example:8443/` from the host the rule blocks.
  /// With `anyPath`, the path is not compared.
  package func admits(
    _ url: EligibleURL, path urlPath: String, denies: Bool = false, anyPort: Bool = false, anyPath: Bool = false
  ) -> Bool {
    if let scheme {
      guard scheme == url.scheme else { return false }
    } else {
      guard url.scheme == "http" || url.scheme == "https" else { return false }
    }
    guard port == url.port || (anyPort && port == nil) else { return false }
    guard let segments = self.path, !anyPath else { return true }
    // The path and the literals are percent-encoded ASCII in one normal form: equal text is
    // equal bytes.
    let slash = UInt8(ascii: "/")
    let admits = withUTF8(of: urlPath) { path -> Bool? in
      var index = 0
      for segment in segments {
        while index < path.count, path[index] == slash { index += 1 }
        var end = index
        while end < path.count, path[end] != slash { end += 1 }
        switch segment {
        case .rest:
          return true
        case .literal(let literal):
          let segment = UnsafeBufferPointer(rebasing: path[index..<end])
          guard end > index, withUTF8(of: literal, { $0.elementsEqual(segment) }) else { return false }
        case .placeholder:
          guard denies else { return nil }  // decoding and its checks: the full matcher
          guard end > index else { return false }
        }
        index = end
      }
      return path[index...].allSatisfy { $0 == slash }
    }
    return admits ?? (matchPath(urlPath) != nil)
  }

  /// The placeholders captured from `path`, or `nil` if it does not match.
  func matchPath(_ path: String) -> [String: String]? {
    guard let segments = self.path else { return [:] }
    // Empty segments are insignificant: `/test/` and `//test` match `/test`, as in every
    // router iOS developers know. The host is compared exactly as before.
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    var parameters: [String: String] = [:]
    var index = 0
    for segment in segments {
      switch segment {
      case .rest: return parameters
      case .literal(let literal):
        guard index < parts.count, parts[index] == literal else { return nil }
      case .placeholder(let name):
        guard index < parts.count, let value = Self.placeholderValue(parts[index]), !Self.climbs(value) else {
          return nil
        }
        parameters[name] = value
      }
      index += 1
    }
    return index == parts.count ? parameters : nil
  }

  /// How specific the pattern is, for ordering.
  ///
  /// The rule, written once: an exact host beats a `*.` host, then a longer host beats a
  /// shorter one; then, segment by segment, a literal (3) beats a `:placeholder` (2); where
  /// one pattern's path ends and the other's goes on, the path that ends there (1) beats a
  /// trailing `*` (0) or no path at all (0), and loses to any further segment. So
  /// `host/anything` beats `host/anything/*`, which beats `host/*` and `host`.
  /// Whether `value`, split at `/` and `\`, holds a `.` or `..` segment, as written or with
  /// its escapes decoded until none is left (`%2E%2E`, as an app that decodes a value once
  /// more reads it). The decoding is `Allowlist.fullyDecoded`'s, linear in the value's length:
  /// decoding the whole text again until it stops changing took time that grows with the
  /// square of a `%252525…` run.
  static func climbs(_ value: String) -> Bool {
    guard value.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") }) else { return false }
    return withUTF8(of: value) { bytes in
      holdsDotSegment(bytes)
        || (bytes.contains(UInt8(ascii: "%")) && holdsDotSegment(Allowlist.fullyDecoded(bytes, keepsNUL: true)))
    }
  }

  /// Whether `bytes`, split at `/` and `\`, holds a `.` or `..` segment.
  private static func holdsDotSegment(_ bytes: some Collection<UInt8>) -> Bool {
    var dots = 0  // the dots the segment so far is made of, or -1 once it holds another byte
    for byte in bytes {
      if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
        if dots == 1 || dots == 2 { return true }
        dots = 0
      } else {
        dots = byte == UInt8(ascii: ".") && dots >= 0 ? dots + 1 : -1
      }
    }
    return dots == 1 || dots == 2
  }

  /// The text a placeholder captures from one path segment: its escapes decoded, exactly.
  ///
  /// `nil`, so that the route does not match, when the segment reads two ways: a `%` that
  /// does not begin an escape of two hex digits (`%FF` and `%25FF` would both capture
  /// `%FF`), bytes that are not UTF-8, or text that holds a control character (C0, DEL or
  /// C1), whatever the encoding hid. A byte order mark is kept, never dropped.
  package static func placeholderValue(_ segment: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(segment.utf8.count)
    var escape = segment.utf8.makeIterator()
    while let byte = escape.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = escape.next()?.hexValue, let low = escape.next()?.hexValue else { return nil }
      bytes.append(high << 4 | low)
    }
    let value = String(decoding: bytes, as: UTF8.self)
    guard !bytes.isEmpty, value.utf8.elementsEqual(bytes) else { return nil }
    let isControl = value.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    return isControl ? nil : value
  }

  package var specificity: [Int] {
    guard let path else { return [matchesSubdomainsOnly ? 0 : 1, host.count, 0] }
    var score = [matchesSubdomainsOnly ? 0 : 1, host.count]
    for segment in path {
      switch segment {
      case .literal: score.append(3)
      case .placeholder: score.append(2)
      case .rest:
        score.append(0)
        return score
      }
    }
    score.append(1)
    return score
  }
}

extension URLPattern {
  /// Whether this pattern should be tried before `other` in a route table: an exact host
  /// beats a wildcard host, then position by position literal segments beat placeholders,
  /// and a path that ends beats a trailing `*` (see the rule on `URLRouteTable`).
  public func isMoreSpecific(than other: URLPattern) -> Bool {
    other.specificity.lexicographicallyPrecedes(specificity)
  }
}
