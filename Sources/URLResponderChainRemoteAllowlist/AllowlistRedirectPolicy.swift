import Foundation
import URLResponderChainCore

/// Decides whether the allowlist client follows a redirect: only to the configured origin,
/// never from https to http, for a few hops at most. Anything else fails closed.
///
/// An allowlist decides what opens in-app, so it is accepted only from the origin the app
/// named. A redirect elsewhere (an open redirect on the config host, a misconfigured CDN
/// rule, a plain-http hop) would let another host write the list.
struct AllowlistRedirectPolicy: Sendable {
  /// The most redirects followed in one request.
  static let maximumHops = 3

  /// What to do with one redirect. Indirect: copied as one reference, not a URL or a string
  /// (1.2 KB less code at `-Osize`).
  indirect enum Decision: Sendable, Equatable {
    case follow(URL)
    case refuse(reason: String)
  }

  let endpoint: URL

  /// Judges a `Location` received while fetching `current`, after `hops` redirects already followed.
  ///
  /// The `Location` must be an absolute URL (a relative one is refused rather than resolved,
  /// so nothing depends on resolution quirks), with no user info, no control characters,
  /// spaces or backslashes, and the endpoint's scheme, host and port exactly.
  func decide(location: String?, from current: URL, hops: Int) -> Decision {
    guard let location, !location.isEmpty else { return .refuse(reason: "a redirect without a Location") }
    // The target is the server's text and lands in logs and CLI output: shown escaped and short.
    let shown = location.shownEscaped()
    guard location.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\\") }) else {
      return .refuse(reason: "a malformed redirect target (\(shown))")
    }
    guard hops < Self.maximumHops else {
      return .refuse(reason: "more than \(Self.maximumHops) redirects (last to \(shown))")
    }
    guard let target = URL(string: location), let scheme = target.scheme?.lowercased(), target.host != nil else {
      return .refuse(reason: "a relative or malformed redirect target (\(shown))")
    }
    // On the bytes: comparing characters composes them, which a run of combining marks
    // makes slow, and an "@" followed by a mark is still an "@" to some reader.
    guard target.user == nil, target.password == nil, !location.utf8.contains(UInt8(ascii: "@")) else {
      return .refuse(reason: "a redirect target with user info (\(shown))")
    }
    if current.scheme?.lowercased() == "https", scheme != "https" {
      return .refuse(reason: "a redirect from https to \(scheme) (\(shown))")
    }
    guard Self.origin(of: target) == Self.origin(of: endpoint) else {
      return .refuse(
        reason:
          "a redirect to another origin (\(shown)); the allowlist is only accepted from \(Self.origin(of: endpoint).description)"
      )
    }
    return .follow(target)
  }

  /// Scheme, host and effective port, compared exactly (the host lowercased).
  struct Origin: Equatable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    var description: String { "\(scheme)://\(host):\(port)" }
  }

  static func origin(of url: URL) -> Origin {
    let scheme = url.scheme?.lowercased() ?? ""
    let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : -1
    return Origin(scheme: scheme, host: url.host?.lowercased() ?? "", port: url.port ?? defaultPort)
  }
}
