import URLResponderChainCore

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
  /// The lifetime from `Expires` − `Date` (RFC 9111 §4.2.1), used only when `max-age` is absent.
  var expiresLifetime: Double?

  /// What a response's header fields say about caching it: its `Cache-Control`, its `Expires`
  /// lifetime, and `no-store` when it varies on `*` (§4.1: it never matches a later request,
  /// so keeping it is pointless).
  init(response headers: [String: String], freshness: HTTPResponseFreshness) {
    self.init(cacheControl: headers["cache-control"])
    expiresLifetime = freshness.expiresLifetime
    if freshness.neverMatches { noStore = true }
  }

  /// Parses a `Cache-Control` header value (RFC 9111 §5.2); repeated header lines arrive
  /// joined with commas. Unknown directives are ignored; commas inside quoted values do not
  /// split directives. Read conservatively, as §4.2.1 encourages: a malformed `max-age`, or
  /// `max-age` given twice with different values, makes the response stale; a malformed stale
  /// window is ignored, and a window given twice takes the smaller value.
  init(cacheControl: String?) {
    guard let cacheControl else { return }
    var maxAges: Set<Int?> = []
    for (rawName, rawValue) in Self.directives(in: cacheControl) {
      let name = rawName.lowercased()
      let value = rawValue.flatMap { Self.seconds(Substring($0)) }
      switch name {
      case "max-age": maxAges.insert(value)
      case "no-cache": noCache = true
      case "no-store": noStore = true
      case "stale-while-revalidate": staleWhileRevalidate = Self.smaller(staleWhileRevalidate, value)
      case "stale-if-error": staleIfError = Self.smaller(staleIfError, value)
      default: break
      }
    }
    // §4.2.1: invalid freshness information, or conflicting values, make the response stale.
    if maxAges.count == 1, let only = maxAges.first {
      maxAge = only ?? 0
    } else if !maxAges.isEmpty {
      maxAge = 0
    }
  }

  private static func smaller(_ current: Int?, _ new: Int?) -> Int? {
    guard let new else { return current }
    return current.map { min($0, new) } ?? new
  }

  /// Splits a field value into `name[=value]` directives, honouring quoted strings.
  static func directives(in field: String) -> [(String, String?)] {
    var result: [(String, String?)] = []
    var current = ""
    var inQuotes = false
    var escaped = false
    func flush() {
      let piece = current.trimmingCharacters(in: .whitespaces)
      current = ""
      guard !piece.isEmpty else { return }
      if let equals = piece.firstIndex(of: "=") {
        let name = String(piece[..<equals]).trimmingCharacters(in: .whitespaces)
        result.append((name, String(piece[piece.index(after: equals)...])))
      } else {
        result.append((piece, nil))
      }
    }
    for character in field {
      if escaped {
        escaped = false
      } else if inQuotes, character == "\\" {
        escaped = true
      } else if character == "\"" {
        inQuotes.toggle()
      } else if character == ",", !inQuotes {
        flush()
        continue
      }
      current.append(character)
    }
    flush()
    return result
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
    // No heuristic freshness (§4.2.2): without max-age or Expires the list is stale at once.
    let lifetime = noCache ? 0 : maxAge.map(Double.init) ?? expiresLifetime ?? 0
    if age < lifetime { return .fresh }
    let staleness = age - lifetime
    if !noCache, let window = staleWhileRevalidate, staleness < Double(window) { return .staleWhileRevalidating }
    return .stale(usableOnError: staleIfError.map { staleness < Double($0) } ?? false)
  }
}
