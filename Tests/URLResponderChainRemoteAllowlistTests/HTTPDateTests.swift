import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// HTTP-date exactly as RFC 9110 §5.6.7 writes it; anything else is no date at all.
@Suite struct HTTPDateTests {
  static let reference = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
  static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027

  @Test(arguments: [
    ("Sun, 06 Nov 1994 08:49:37 GMT", 784_111_777),  // IMF-fixdate
    ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777),  // rfc850-date
    ("Sun Nov  6 08:49:37 1994", 784_111_777),  // asctime-date, one-digit day
    ("Sun Nov 06 08:49:37 1994", 784_111_777),  // asctime-date, two-digit day
    ("Thu, 01 Jan 1970 00:00:00 GMT", 0),
    ("Sat, 29 Feb 2020 12:00:00 GMT", 1_582_977_600),  // a leap day
    ("Wed, 31 Dec 2025 23:59:60 GMT", 1_767_225_600),  // a leap second is the next second
    ("Mon, 06 Nov 1994 08:49:37 GMT", 784_111_777),  // the day name is not checked against the date
    ("Thursday, 01-Jan-70 00:00:00 GMT", 3_155_760_000),  // 2070 is within 50 years of 2027
    ("Tuesday, 01-Jan-80 00:00:00 GMT", 315_532_800),  // 2080 would be more than 50 years ahead: 1980
    ("Friday, 01-Jan-27 00:00:00 GMT", 1_798_761_600),
    ("  Sun, 06 Nov 1994 08:49:37 GMT ", 784_111_777),  // white space around a field value is not part of it
  ])
  func theThreeFormsAreRead(value: String, seconds: Int) {
    #expect(HTTPDate.parse(value, now: Self.now) == Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  @Test(arguments: [
    "Sun 06 Nov 1994 08:49:37 GMT",  // no comma after the day name
    "Sun,  06 Nov 1994 08:49:37 GMT",  // two spaces
    "Sun, 06  Nov 1994 08:49:37 GMT",
    "Sun, 06-Nov-1994 08:49:37 GMT",  // dashes in an IMF-fixdate
    "Sun, 06 Nov 1994 08.49.37 GMT",  // periods in the time
    "Sun, 06 Nov 1994 8:49:37 GMT",  // a one-digit hour
    "Sun, 6 Nov 1994 08:49:37 GMT",  // a one-digit day
    "Sun, 06 Nov 94 08:49:37 GMT",  // a two-digit year in an IMF-fixdate
    "0", "-1", "", "garbage", "1994-11-06T08:49:37Z",
    "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 gmt",  // case
    "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37 +0000", "Sun, 06 Nov 1994 08:49:37",
    "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 00 Nov 1994 08:49:37 GMT",
    "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:61 GMT",
    "Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMTx",
    "Sun, +6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:3 GMT",
    "Sun Nov 6 08:49:37 1994",  // asctime needs two places for the day
    "Sun Nov  6 08:49:37 94", "Sunday Nov  6 08:49:37 1994",
    "Sun, 06-Nov-94 08:49:37 GMT",  // rfc850 needs the long day name
    "Sunday, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37", "Sunday,06-Nov-94 08:49:37 GMT",
    "Sonntag, 06-Nov-94 08:49:37 GMT", "Sun,\t06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT\u{0}",
    // Each separator of the other two forms, replaced in turn.
    "Sun Nov  6 08:49:37-1994", "Sun Nov  6 08:49:37x1994", "Sun Nov  6-08:49:37 1994", "Sun-Nov  6 08:49:37 1994",
    "Sun Nov- 6 08:49:37 1994", "Sun Nov  6 08:49:37\t1994",
    "Sunday, 06-Nov-94-08:49:37 GMT", "Sunday, 06-Nov-94x08:49:37 GMT", "Sunday, 06 Nov-94 08:49:37 GMT",
    "Sunday, 06-Nov 94 08:49:37 GMT", "Sunday,x06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-94\t08:49:37 GMT",
  ])
  func everythingElseIsNoDate(value: String) {
    #expect(HTTPDate.parse(value, now: Self.now) == nil)
  }

  @Test func retryAfterTooLargeForAnIntegerIsTheLongestWaitNotNoWait() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    #expect(AllowlistExchange.retryAfter("99999999999999999999999999", now: now) == .seconds(86_400))
    #expect(AllowlistExchange.retryAfter(String(Int.max), now: now) == .seconds(86_400))
    #expect(AllowlistExchange.retryAfter("86401", now: now) == .seconds(86_400))
    #expect(AllowlistExchange.retryAfter("+5", now: now) == nil)
    #expect(AllowlistExchange.retryAfter("5", now: now) == .seconds(5))
  }
}
