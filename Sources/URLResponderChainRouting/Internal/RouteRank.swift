import URLResponderChainAllowlist
import URLResponderChainCore

/// ``URLPattern/specificity`` packed into two integers that order the same way, so that
/// thousands of routes are ranked without an array per route.
///
/// The score is the host's kind and length, then one digit per path position: literal 3,
/// placeholder 2, the end of the path 1, a trailing `*` or no path 0. A score stops at its
/// first 0 or 1, so of two different scores neither is a prefix of the other, and comparing
/// them digit by digit is comparing the first 32 digits, two bits each, as one number. A
/// score longer than that keeps its full array for the rare tie past the 32nd digit. A
/// differential test compares this order with the array's.
struct RouteRank: Sendable {
  private let host: UInt32
  private let path: UInt64
  /// The full score, only when its path needs more than 32 digits.
  private let long: [Int]?

  init(_ pattern: URLPattern) {
    host = (pattern.matchesSubdomainsOnly ? 0 : 1 << 16) | UInt32(pattern.host.utf8.count)
    var digits: UInt64 = 0
    var count = 0
    func append(_ digit: UInt64) {
      if count < 32 { digits |= digit << UInt64(62 - 2 * count) }
      count += 1
    }
    if let segments = pattern.path {
      var last: UInt64 = 1  // the path ends here
      digits: for segment in segments {
        switch segment {
        case .literal: append(3)
        case .placeholder: append(2)
        case .rest:
          last = 0
          break digits
        }
      }
      append(last)
    } else {
      append(0)
    }
    path = digits
    long = count > 32 ? pattern.specificity : nil
  }

  /// Whether a pattern of this rank is less specific than one of `other`'s.
  func isLessSpecific(than other: RouteRank) -> Bool {
    if host != other.host { return host < other.host }
    if path != other.path { return path < other.path }
    guard let long, let otherLong = other.long else { return false }
    return long.lexicographicallyPrecedes(otherLong)
  }
}
