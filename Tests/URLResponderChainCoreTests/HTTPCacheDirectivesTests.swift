import Testing

@testable import URLResponderChainCore

@Suite struct HTTPCacheDirectivesTests {
  @Test func directivesAreParsedCaseInsensitivelyWithQuotesAndSpaces() {
    let directives = HTTPCacheDirectives(
      cacheControl: #"Max-Age=60, stale-while-revalidate="30" ,STALE-IF-ERROR=600, must-revalidate"#)
    #expect(directives.maxAge == 60)
    #expect(directives.staleWhileRevalidate == 30)
    #expect(directives.staleIfError == 600)
    #expect(!directives.noCache && !directives.noStore)
  }

  @Test(arguments: ["max-age=-1", "max-age=abc", "max-age=", "max-age=1.5", "max-age"])
  func malformedValuesAreIgnored(header: String) {
    #expect(HTTPCacheDirectives(cacheControl: header).maxAge == nil)
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

  @Test func noCacheAlwaysRevalidatesAndNoStoreIsRecognised() {
    let noCache = HTTPCacheDirectives(
      cacheControl: "no-cache, max-age=600, stale-while-revalidate=60, stale-if-error=60")
    #expect(noCache.freshness(age: 1) == .stale(usableOnError: true))
    #expect(HTTPCacheDirectives(cacheControl: "no-store").noStore)
  }

  @Test func withoutMaxAgeAResponseIsStaleAtOnce() {
    #expect(HTTPCacheDirectives(cacheControl: nil).freshness(age: 0) == .stale(usableOnError: false))
  }
}
