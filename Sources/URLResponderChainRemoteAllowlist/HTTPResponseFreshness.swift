import Foundation
import URLResponderChainCore

/// What RFC 9111 derives from a response's headers to judge how long it may be reused:
/// its freshness lifetime (§4.2.1), its age when it arrived (§4.2.3), and whether it may be
/// reused at all (`Vary: *`, §4.1). No heuristic freshness (§4.2.2): an allowlist without
/// an explicit lifetime is stale at once, because guessing how long a security list stays
/// right is not a cache's call.
struct HTTPResponseFreshness: Sendable, Equatable {
  /// The lifetime from `Expires` − `Date` when `max-age` is absent (§4.2.1); `nil` when
  /// neither applies. An invalid `Expires` (`0`, garbage) is in the past: a lifetime of 0.
  let expiresLifetime: Double?
  /// `corrected_initial_age` (§4.2.3): how old the response already was when it arrived.
  let initialAge: Double
  /// `Vary` lists `*`: a stored copy never matches a later request (§4.1).
  let neverMatches: Bool

  /// Judges the headers of a response requested at `requestTime` and received at `responseTime`.
  ///
  /// - Parameter headers: Header fields, names lowercased; repeated fields joined with `, `.
  init(headers: [String: String], requestTime: Date, responseTime: Date) {
    let date = headers["date"].flatMap { HTTPDate.parse($0, now: responseTime) }
    // §4.2.3. A `Date` in the future gives no negative age.
    let apparentAge = max(0, responseTime.timeIntervalSince(date ?? responseTime))
    let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
    let correctedAgeValue = Self.ageValue(headers["age"]) + responseDelay
    initialAge = max(apparentAge, correctedAgeValue)

    if let expires = headers["expires"] {
      // §5.3: an invalid date, "0" above all, is a time in the past. Several values, or a
      // list: the response is considered stale (§4.2.1 allows the first or stale; stale is safer).
      if let expiresDate = HTTPDate.parse(expires, now: responseTime) {
        expiresLifetime = max(0, expiresDate.timeIntervalSince(date ?? responseTime))
      } else {
        expiresLifetime = 0
      }
    } else {
      expiresLifetime = nil
    }

    neverMatches = HTTPFieldValue.members(of: headers["vary"]?[...] ?? "").contains {
      HTTPFieldValue.matches($0, token: "*")
    }
  }

  /// The `Age` value (§5.1) in seconds. A list keeps its first member, as §5.1 says. A value
  /// that is not a non-negative integer is invalid; §5.1 says to ignore it, which would make
  /// the response look new. For a security list the conservative reading wins: an invalid
  /// `Age` means the age is unknown, so the response is taken as already stale.
  static func ageValue(_ field: String?) -> Double {
    guard let field else { return 0 }
    // §1.2.2: a delta-seconds too large to represent is 2^31.
    return HTTPFieldValue.members(of: field[...]).first.flatMap(HTTPFieldValue.deltaSeconds).map(Double.init)
      ?? .infinity
  }
}
