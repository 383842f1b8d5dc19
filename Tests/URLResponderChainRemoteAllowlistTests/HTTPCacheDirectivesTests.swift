import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

@Suite struct HTTPCacheDirectivesTests {
  @Test func directivesAreParsedCaseInsensitivelyWithQuotesAndSpaces() {
    let directives = HTTPCacheDirectives(
      cacheControl: #"Max-Age=60, stale-while-revalidate="30" ,STALE-IF-ERROR=600, must-revalidate"#)
    #expect(directives.maxAge == 60)
    #expect(directives.staleWhileRevalidate == 30)
    #expect(directives.staleIfError == 600)
    #expect(!directives.noCache && !directives.noStore)
  }

  // RFC 9111 §4.2.1: "caches are encouraged to consider responses that have invalid
  // freshness information (e.g., a max-age directive with non-integer content) to be stale."
  @Test(arguments: ["max-age=-1", "max-age=abc", "max-age=", "max-age=1.5", "max-age", "max-age=60, max-age=abc"])
  func malformedMaxAgeMakesTheResponseStale(header: String) {
    var directives = HTTPCacheDirectives(cacheControl: header)
    directives.expiresLifetime = 600  // even an Expires does not rescue it
    #expect(directives.freshness(age: 0) == .stale(usableOnError: false))
  }

  @Test func conflictingDuplicateMaxAgesAreStaleAndIdenticalOnesAreKept() {
    #expect(
      HTTPCacheDirectives(cacheControl: "max-age=600, max-age=60").freshness(age: 1) == .stale(usableOnError: false))
    #expect(HTTPCacheDirectives(cacheControl: "max-age=60, max-age=60").maxAge == 60)
  }

  @Test func duplicateStaleWindowsTakeTheSmallerValue() {
    let directives = HTTPCacheDirectives(
      cacheControl: "stale-if-error=600, stale-if-error=5, stale-while-revalidate=9, stale-while-revalidate=90")
    #expect(directives.staleIfError == 5)
    #expect(directives.staleWhileRevalidate == 9)
  }

  @Test func commasInsideQuotedValuesDoNotSplitDirectives() {
    let directives = HTTPCacheDirectives(cacheControl: #"private="set-cookie, max-age=9", max-age=60"#)
    #expect(directives.maxAge == 60)
    #expect(HTTPCacheDirectives.directives(in: #"a="x,\"y", b"#).map(\.0) == ["a", "b"])
  }

  @Test func expiresGivesTheLifetimeOnlyWithoutMaxAge() {
    var directives = HTTPCacheDirectives(cacheControl: nil)
    directives.expiresLifetime = 100
    #expect(directives.freshness(age: 50) == .fresh)
    #expect(directives.freshness(age: 150) == .stale(usableOnError: false))
    var both = HTTPCacheDirectives(cacheControl: "max-age=10")
    both.expiresLifetime = 100
    #expect(both.freshness(age: 50) == .stale(usableOnError: false))
  }

  @Test func hugeValuesDoNotOverflow() {
    #expect(HTTPCacheDirectives(cacheControl: "max-age=99999999999999999999999").maxAge != nil)
  }

  @Test func freshnessFollowsMaxAgeThenTheStaleWindows() {
    let directives = HTTPCacheDirectives(cacheControl: "max-age=60, stale-while-revalidate=30, stale-if-error=600")
    #expect(directives.freshness(age: 10) == .fresh)
    #expect(directives.freshness(age: 70) == .staleWhileRevalidating)
    #expect(directives.freshness(age: 100) == .stale(usableOnError: true))
    #expect(directives.freshness(age: 700) == .stale(usableOnError: false))
  }

  // RFC 9111 §4.2.4: no-cache and must-revalidate forbid serving a stale response, so a
  // stale window beside them gives nothing: not while revalidating, not when that fails.
  @Test func noCacheAlwaysRevalidatesAndNoStoreIsRecognised() {
    let noCache = HTTPCacheDirectives(
      cacheControl: "no-cache, max-age=600, stale-while-revalidate=60, stale-if-error=60")
    #expect(noCache.freshness(age: 1) == .stale(usableOnError: false))
    #expect(HTTPCacheDirectives(cacheControl: "no-store").noStore)
  }

  @Test func mustRevalidateForbidsEveryStaleUse() {
    let directives = HTTPCacheDirectives(
      cacheControl: "max-age=60, stale-while-revalidate=30, stale-if-error=600, Must-Revalidate")
    #expect(directives.mustRevalidate)
    #expect(directives.freshness(age: 10) == .fresh)
    #expect(directives.freshness(age: 70) == .stale(usableOnError: false))
    #expect(directives.freshness(age: 100) == .stale(usableOnError: false))
  }

  @Test func withoutMaxAgeAResponseIsStaleAtOnce() {
    #expect(HTTPCacheDirectives(cacheControl: nil).freshness(age: 0) == .stale(usableOnError: false))
  }
}
