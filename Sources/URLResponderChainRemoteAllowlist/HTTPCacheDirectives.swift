import URLResponderChainCore

/// The `Cache-Control` response directives the allowlist cache obeys (RFC 9111, RFC 5861).
struct HTTPCacheDirectives: Sendable, Equatable, Codable {
  /// `max-age`: seconds the response is fresh. `nil` when absent (the response is then stale at once).
  var maxAge: Int?
  /// `no-cache`: a stored response must be revalidated before every use.
  var noCache = false
  /// `no-store`: the response must not be stored at all.
  var noStore = false
  /// `must-revalidate`: once stale, the response must not be used until a revalidation
  /// succeeds (§5.2.2.2): not while one runs, and not when it fails.
  var mustRevalidate = false
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
  /// window is ignored, and a window given twice takes the smaller value. The value is read
  /// as bytes (see `HTTPFieldValue`): no character after a comma can hide the directive before it.
  init(cacheControl: String?) {
    guard let cacheControl else { return }
    var maxAge: Int??
    for (name, argument) in Self.directives(in: cacheControl) {
      let seconds = argument.flatMap { HTTPFieldValue.deltaSeconds(HTTPFieldValue.unquoted($0)) }
      if HTTPFieldValue.matches(name, token: "max-age") {
        // §4.2.1: invalid freshness information, or conflicting values, make the response stale.
        maxAge = maxAge == nil || maxAge == seconds ? seconds : .some(nil)
      } else if HTTPFieldValue.matches(name, token: "no-cache") {
        noCache = true
      } else if HTTPFieldValue.matches(name, token: "no-store") {
        noStore = true
      } else if HTTPFieldValue.matches(name, token: "must-revalidate") {
        mustRevalidate = true
      } else if HTTPFieldValue.matches(name, token: "stale-while-revalidate") {
        staleWhileRevalidate = Self.smaller(staleWhileRevalidate, seconds)
      } else if HTTPFieldValue.matches(name, token: "stale-if-error") {
        staleIfError = Self.smaller(staleIfError, seconds)
      }
    }
    if let maxAge { self.maxAge = maxAge ?? 0 }
  }

  private static func smaller(_ current: Int?, _ new: Int?) -> Int? {
    guard let new else { return current }
    return current.map { min($0, new) } ?? new
  }

  /// Splits a field value into `name[=argument]` directives (§5.2), honouring quoted strings,
  /// with the white space around names and arguments removed.
  static func directives(in field: String) -> [(name: Substring, argument: Substring?)] {
    var directives: [(name: Substring, argument: Substring?)] = []
    for member in HTTPFieldValue.members(of: field[...]) {
      if let equals = member.utf8.firstIndex(of: UInt8(ascii: "=")) {
        let argument = HTTPFieldValue.trimmed(member[member.utf8.index(after: equals)...])
        directives.append((HTTPFieldValue.trimmed(member[..<equals]), argument))
      } else {
        directives.append((member, nil))
      }
    }
    return directives
  }

  init() {}
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
  /// The seconds a response stays fresh (§4.2.1): `max-age`, else `Expires` − `Date`, else 0.
  /// No heuristic freshness (§4.2.2): without max-age or Expires the list is stale at once;
  /// `no-cache` makes it stale at once too (§5.2.2.4).
  var freshnessLifetime: Double {
    noCache ? 0 : maxAge.map(Double.init) ?? expiresLifetime ?? 0
  }

  /// The freshness of a response that is `age` seconds old.
  func freshness(age: Double) -> CacheFreshness {
    let lifetime = freshnessLifetime
    if age < lifetime { return .fresh }
    let staleness = age - lifetime
    // §4.2.4: "A cache MUST NOT generate a stale response if it is prohibited by an explicit
    // in-protocol directive (e.g., by a no-cache response directive, a must-revalidate
    // response directive ...)". RFC 5861's windows do not lift that: they give no stale use.
    let mayServeStale = !noCache && !mustRevalidate
    if mayServeStale, let window = staleWhileRevalidate, staleness < Double(window) { return .staleWhileRevalidating }
    return .stale(usableOnError: mayServeStale && staleIfError.map { staleness < Double($0) } ?? false)
  }
}
