import Foundation
import URLResponderChainCore

/// HTTP-date (RFC 9110 §5.6.7), read exactly as its grammar writes it.
///
/// Three forms, and nothing else:
///
/// ```
/// IMF-fixdate   Sun, 06 Nov 1994 08:49:37 GMT
/// rfc850-date   Sunday, 06-Nov-94 08:49:37 GMT
/// asctime-date  Sun Nov  6 08:49:37 1994
/// ```
///
/// The grammar is case-sensitive, with single spaces and fixed-width numbers; the day must
/// exist in its month and the time lie in 00:00:00–23:59:60. Anything else (no comma after
/// the day name, two spaces, dashes in an IMF-fixdate, periods in the time, a one-digit hour,
/// `0`) is not a date: RFC 9111 §5.3 has a cache treat such an `Expires` as already past.
/// The day name is not checked against the date, as the grammar does not ask it to be.
enum HTTPDate {
  private static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let longDayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// The date `value` names, or `nil` when it is not an HTTP-date.
  ///
  /// - Parameters:
  ///   - value: A field value (without the leading and trailing white space a field value
  ///     never includes).
  ///   - now: The time a two-digit rfc850 year is read against: a year that would be more
  ///     than 50 years after it belongs to the century before (§5.6.7).
  static func parse(_ value: String, now: Date = Date()) -> Date? {
    let bytes = Array(HTTPFieldValue.trimmed(value[...]).utf8)
    if let date = imfFixdate(bytes) ?? rfc850Date(bytes, now: now) ?? asctimeDate(bytes) { return date }
    return nil
  }

  /// `day-name "," SP day SP month SP year SP time-of-day SP "GMT"`, 29 bytes.
  private static func imfFixdate(_ bytes: [UInt8]) -> Date? {
    guard bytes.count == 29, dayNames.contains(text(bytes, 0..<3)), text(bytes, 3..<5) == ", ",
      let day = digits(bytes, 5..<7), bytes[7] == space, let month = month(bytes, 8..<11), bytes[11] == space,
      let year = digits(bytes, 12..<16), bytes[16] == space, text(bytes, 25..<29) == " GMT"
    else { return nil }
    return date(year: year, month: month, day: day, time: bytes[17..<25])
  }

  /// `day-name-l "," SP day "-" month "-" 2DIGIT SP time-of-day SP "GMT"`.
  private static func rfc850Date(_ bytes: [UInt8], now: Date) -> Date? {
    guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")), longDayNames.contains(text(bytes, 0..<comma)),
      bytes.count == comma + 24
    else { return nil }
    let start = comma + 1
    guard bytes[start] == space, let day = digits(bytes, (start + 1)..<(start + 3)), bytes[start + 3] == dash,
      let month = month(bytes, (start + 4)..<(start + 7)), bytes[start + 7] == dash,
      let shortYear = digits(bytes, (start + 8)..<(start + 10)), bytes[start + 10] == space,
      text(bytes, (start + 19)..<(start + 23)) == " GMT"
    else { return nil }
    // The most recent year with those two digits that is not more than 50 years ahead.
    let currentYear = Calendar(identifier: .gregorian).dateComponents(in: gmt, from: now).year ?? 2000
    var year = currentYear - currentYear % 100 + shortYear
    if year > currentYear + 50 { year -= 100 }
    return date(year: year, month: month, day: day, time: bytes[(start + 11)..<(start + 19)])
  }

  /// `day-name SP month SP ( 2DIGIT / ( SP DIGIT ) ) SP time-of-day SP year`, 24 bytes.
  private static func asctimeDate(_ bytes: [UInt8]) -> Date? {
    guard bytes.count == 24, dayNames.contains(text(bytes, 0..<3)), bytes[3] == space,
      let month = month(bytes, 4..<7), bytes[7] == space
    else { return nil }
    let day: Int
    if bytes[8] == space, let digit = digits(bytes, 9..<10) {
      day = digit
    } else if let twoDigits = digits(bytes, 8..<10) {
      day = twoDigits
    } else {
      return nil
    }
    guard bytes[10] == space, bytes[19] == space, let year = digits(bytes, 20..<24) else { return nil }
    return date(year: year, month: month, day: day, time: bytes[11..<19])
  }

  /// `hour ":" minute ":" second` in `time` (8 bytes), on the given day, as a `Date`.
  private static func date(year: Int, month: Int, day: Int, time: ArraySlice<UInt8>) -> Date? {
    let at = time.startIndex
    guard time.count == 8, let hour = digits(time, at..<(at + 2)), time[at + 2] == colon,
      let minute = digits(time, (at + 3)..<(at + 5)), time[at + 5] == colon,
      let second = digits(time, (at + 6)..<(at + 8)),
      hour <= 23, minute <= 59, second <= 60, (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let days = daysSinceEpoch(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
  }

  private static let space = UInt8(ascii: " ")
  private static let dash = UInt8(ascii: "-")
  private static let colon = UInt8(ascii: ":")
  private static let gmt = TimeZone(identifier: "GMT")!

  private static func text<C: Collection<UInt8>>(_ bytes: C, _ range: Range<C.Index>) -> String
  where C.Index == Int {
    guard range.lowerBound >= bytes.startIndex, range.upperBound <= bytes.endIndex else { return "" }
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// The value of exactly the ASCII digits in `range`, or `nil`.
  private static func digits<C: Collection<UInt8>>(_ bytes: C, _ range: Range<C.Index>) -> Int?
  where C.Index == Int {
    guard range.lowerBound >= bytes.startIndex, range.upperBound <= bytes.endIndex else { return nil }
    var value = 0
    for byte in bytes[range] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// 1 to 12 for a month name written exactly (`Jan`, never `jan` or `JAN`).
  private static func month(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
    months.firstIndex(of: text(bytes, range)).map { $0 + 1 }
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's
  /// `days_from_civil`).
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
