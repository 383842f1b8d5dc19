/// The `Cache-Control` response directives the allowlist cache obeys (RFC 9111, RFC 5861).
struct HTTPCacheDirectives: Sendable, Equatable, Codable {
  /// `max-age`: seconds the response is fresh. `nil` when absent (the response is then stale at once).
  var maxAge: Int?
  /// `no-cache`: a stored response must be revalidated before every use.
  var noCache = false
  /// `no-store`: the response must not be stored at all.
  var noStore = false
  /// `stale-while-revalidate`: seconds past freshness during which the stale response may be
  /// used while a revalidation runs in the background.
  var staleWhileRevalidate: Int?
  /// `stale-if-error`: seconds past freshness during which the stale response may be used
  /// when revalidation fails.
  var staleIfError: Int?

  /// Parses a `Cache-Control` header value; unknown directives and malformed values are ignored.
  init(cacheControl: String?) {
    guard let cacheControl else { return }
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1)
      let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
      let value = parts.count > 1 ? Self.seconds(parts[1]) : nil
      switch name {
      case "max-age": maxAge = value ?? maxAge
      case "s-maxage": break
      case "no-cache": noCache = true
      case "no-store": noStore = true
      case "stale-while-revalidate": staleWhileRevalidate = value
      case "stale-if-error": staleIfError = value
      default: break
      }
    }
  }

  init() {}

  /// A delta-seconds value, quoted or not; `nil` unless it is a non-negative integer.
  private static func seconds(_ raw: Substring) -> Int? {
    var text = raw.trimmingCharacters(in: .whitespaces)
    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
    return Int(text.prefix(10)) ?? Int.max
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

extension Set where Element == Character {
  fileprivate static var whitespaces: Set<Character> { [" ", "\t"] }
}

/// How usable a stored response is at a given moment.
enum CacheFreshness: Sendable, Equatable {
  /// Fresh: use it, no request.
  case fresh
  /// Stale but within `stale-while-revalidate`: use it and revalidate in the background.
  case staleWhileRevalidating
  /// Stale: revalidate first; on failure it may still serve while `usableOnError`.
  case stale(usableOnError: Bool)
}

extension HTTPCacheDirectives {
  /// The freshness of a response that is `age` seconds old.
  func freshness(age: Double) -> CacheFreshness {
    let lifetime = noCache ? 0 : Double(maxAge ?? 0)
    if age < lifetime { return .fresh }
    let staleness = age - lifetime
    if !noCache, let window = staleWhileRevalidate, staleness < Double(window) { return .staleWhileRevalidating }
    return .stale(usableOnError: staleIfError.map { staleness < Double($0) } ?? false)
  }
}
