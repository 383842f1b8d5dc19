public import Foundation

/// What a ``URLPattern`` matched: the URL, the captured placeholders and the query items.
public struct URLPatternMatch: Sendable, Hashable {
  /// The URL that matched.
  public let url: EligibleURL
  /// The value of each `:name` placeholder.
  public let parameters: [String: String]
  /// The URL's query items, in order.
  public var queryItems: [URLQueryItem] {
    URLComponents(url: url.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
  }
  /// The first value of the query item called `name`.
  public func queryValue(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }
}

extension URLPattern {
  /// Whether the pattern's host part matches `host` (already normalized).
  func matchesHost(_ host: String) -> Bool {
    guard matchesSubdomainsOnly else { return host == self.host }
    return host.count > self.host.count + 1 && host.hasSuffix(self.host)
      && host.utf8[host.utf8.index(host.utf8.endIndex, offsetBy: -(self.host.utf8.count + 1))] == UInt8(ascii: ".")
  }

  /// Matches an eligible URL: scheme (if fixed), host, port and path.
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

  /// The placeholders captured from `path`, or `nil` if it does not match.
  func matchPath(_ path: String) -> [String: String]? {
    guard let segments = self.path else { return [:] }
    let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    var parameters: [String: String] = [:]
    var index = 0
    for segment in segments {
      switch segment {
      case .rest: return parameters
      case .literal(let literal):
        guard index < parts.count, parts[index] == literal else { return nil }
      case .placeholder(let name):
        guard index < parts.count, !parts[index].isEmpty else { return nil }
        let value = String(parts[index]).removingPercentEncoding ?? String(parts[index])
        // A captured value never carries a control character, whatever the encoding hid.
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        parameters[name] = value
      }
      index += 1
    }
    return index == parts.count ? parameters : nil
  }

  /// How specific the pattern is, for ordering: literal segments beat placeholders, which
  /// beat a trailing `*`; an exact host beats a wildcard.
  var specificity: [Int] {
    let pathScore = (path ?? []).map { segment -> Int in
      switch segment {
      case .literal: 3
      case .placeholder: 2
      case .rest: 1
      }
    }
    return [matchesSubdomainsOnly ? 0 : 1, host.count] + pathScore
  }
}

extension URLPattern {
  /// Whether this pattern should be tried before `other` in a route table: an exact host
  /// beats a wildcard host, then position by position literal segments beat placeholders,
  /// which beat a trailing `*`.
  public func isMoreSpecific(than other: URLPattern) -> Bool {
    specificity.lexicographicallyPrecedes(other.specificity) == false && specificity != other.specificity
  }
}
