import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// HTTP field values are bytes (RFC 9110 §5.5). Each hostile case is one where a reader of
/// Swift `Character`s, Foundation's Unicode white space or `String`'s canonical equivalence
/// would disagree with an HTTP cache reading the same bytes.
@Suite struct HTTPFieldValueTests {
  @Test(arguments: ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{20E0}", "\u{1F3FB}"])
  func aCommaFollowedByAMarkStillSplitsTheList(mark: String) {
    #expect(HTTPFieldValue.members(of: "no-store,\(mark)max-age=600") == ["no-store", "\(mark)max-age=600"])
    let directives = HTTPCacheDirectives(cacheControl: "max-age=600, no-cache,\(mark)")
    #expect(directives.noCache)
    #expect(directives.freshness(age: 1) == .stale(usableOnError: false))
  }

  @Test func quotedCommasAndEscapedQuotesDoNotSplit() {
    #expect(HTTPFieldValue.members(of: #"a="x,\"y", b , ,c"#) == [#"a="x,\"y""#, "b", "c"])
    #expect(HTTPFieldValue.members(of: " , ,") == [])
  }

  // OWS is SP and HTAB only (§5.6.3): other Unicode spaces are part of the value.
  @Test(arguments: ["\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{B}"])
  func onlySpacesAndTabsAreWhiteSpace(space: String) {
    #expect(HTTPFieldValue.trimmed(" \t\(space)identity\t ") == "\(space)identity")
    #expect(!AllowlistResponseCheck.isIdentity("identity\(space)"))
    #expect(AllowlistExchange.retryAfter("\(space)5", now: Date()) == nil)
  }

  @Test func tokensCompareIgnoringASCIICaseOnly() {
    #expect(HTTPFieldValue.matches("No-Store", token: "no-store"))
    #expect(HTTPFieldValue.matches("*", token: "*"))
    // KELVIN SIGN lowercases to "k", and is canonically "K": neither makes it a token's letter.
    #expect(!HTTPFieldValue.matches("\u{212A}", token: "k"))
    #expect("\u{212A}".lowercased() == "k")
    #expect(!HTTPFieldValue.matches("no-stor\u{E9}", token: "no-store"))
    #expect(!HTTPFieldValue.matches("no-stor", token: "no-store"))
  }

  @Test func tokenCharactersAreExactlyRFC9110sTchar() {
    let tchar = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    for byte in UInt8.min...UInt8.max {
      #expect(HTTPFieldValue.isTokenCharacter(byte) == tchar.contains(byte), "byte \(byte)")
    }
  }

  @Test func opaqueValuesCompareByteForByte() {
    // Canonically equivalent, so `==` on `String` calls them equal; they are different bytes.
    #expect("\"\u{E9}\"" == "\"e\u{301}\"")
    #expect(!HTTPFieldValue.sameBytes("\"\u{E9}\"", "\"e\u{301}\""))
    #expect(!HTTPFieldValue.sameBytes("\u{212B}", "\u{C5}"))
    #expect(HTTPFieldValue.sameBytes("\"v1\"", "\"v1\""))
  }

  @Test(arguments: [
    ("0", 0), ("600", 600), ("0000000000999999", 999_999), ("2147483648", 2_147_483_648),
    ("99999999999999999999999999", 2_147_483_648),
  ])
  func deltaSecondsReadsEveryDigitAndSaturatesAtTwoToThe31(text: String, seconds: Int) {
    #expect(HTTPFieldValue.deltaSeconds(text[...]) == seconds)
  }

  @Test(arguments: ["", "+5", "-5", " 5", "5 ", "1.5", "5s", "\u{663}", "\u{FF15}", "0x10"])
  func deltaSecondsRefusesAnythingButASCIIDigits(text: String) {
    #expect(HTTPFieldValue.deltaSeconds(text[...]) == nil)
  }

  @Test func leadingZerosInAnAgeDoNotMakeAnOldResponseNew() {
    // Read as its first ten characters, this Age was 0.
    #expect(HTTPResponseFreshness.ageValue("0000000000999999") == 999_999)
    #expect(HTTPCacheDirectives(cacheControl: "max-age=00000000000000000060").maxAge == 60)
  }

  @Test func anEntityTagIsReadAsBytes() throws {
    #expect(EntityTag("W/\u{301}\"v1\"") == nil)
    let weak = try #require(EntityTag(" W/\"v1\"\t"))
    #expect(weak.isWeak && weak.opaqueTag == "\"v1\"")
    let precomposed = try #require(EntityTag("\"\u{E9}\""))
    let decomposed = try #require(EntityTag("\"e\u{301}\""))
    #expect(!precomposed.matchesStrongly(decomposed))
    #expect(!precomposed.matchesWeakly(decomposed))
  }

  @Test func fieldNamesThatDifferOnlyInCaseAreOneField() {
    let exchange = HTTPExchange(
      status: 200, headers: ["Cache-Control": "max-age=600", "cache-control": "no-store", "ETag": "\"v1\""],
      body: Data())
    #expect(exchange.headers == ["cache-control": "max-age=600, no-store", "etag": "\"v1\""])
    // Only ASCII letters fold: a name with KELVIN SIGN is another field.
    let kelvin = HTTPExchange(status: 200, headers: ["\u{212A}eep": "1", "keep": "2"], body: Data())
    #expect(kelvin.headers == ["\u{212A}eep": "1", "keep": "2"])
  }

  /// A hostile server may spell one field every way its letters allow. Every line still
  /// counts, in name order, and the join costs a sort: the time limit is a guard against a
  /// join that copies the value per line or finds each line's place by a scan (minutes here).
  @Test(.timeLimit(.minutes(1)))
  func aFieldSpeltSixtyFiveThousandWaysKeepsEveryLineInNameOrder() {
    let letters = Array("xallowlistpadding")  // a hyphen goes after the first letter
    var headers: [String: String] = [:]
    for mask in 0..<65_536 {
      let spelt = letters.enumerated().map { index, letter in
        mask >> index & 1 == 1 ? Character(letter.uppercased()) : letter
      }
      headers[String(spelt.prefix(1)) + "-" + String(spelt.dropFirst())] = "v\(mask)"
    }
    headers["X-ALLOWLISTPADDING-NOT"] = "other"
    let exchange = HTTPExchange(status: 200, headers: headers, body: Data())
    let expected = headers.filter { $0.key.lowercased() == "x-allowlistpadding" }.sorted { $0.key < $1.key }
    #expect(exchange.headers["x-allowlistpadding"] == expected.map(\.value).joined(separator: ", "))
    #expect(exchange.headers["x-allowlistpadding-not"] == "other")
    #expect(exchange.headers.count == 2)
  }

  @Test func aFieldSpeltSeveralWaysIsJoinedInTheOrderOfItsNamesWhateverTheDictionarysOrder() {
    let lines = [("etag", "\"d\""), ("ETag", "\"b\""), ("ETAG", "\"a\""), ("Etag", "\"c\""), ("eTag", "\"e\"")]
    // Dictionaries of different capacities iterate in different orders.
    for capacity in 0..<8 {
      var headers = [String: String](minimumCapacity: 8 << capacity)
      for (name, value) in lines { headers[name] = value }
      let exchange = HTTPExchange(status: 200, headers: headers, body: Data())
      #expect(exchange.headers == ["etag": "\"a\", \"b\", \"c\", \"e\", \"d\""])
    }
  }

  /// On ASCII, where `Character`s and bytes are the same thing, the byte reader splits a
  /// `Cache-Control` value exactly as the character reader it replaced did.
  @Test(arguments: 0..<20)
  func onASCIIDirectivesSplitAsTheCharacterReaderDid(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let alphabet = Array("ab-=,\"\\ \t09")
    for _ in 0..<500 {
      let length = Int.random(in: 0...24, using: &random)
      let field = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
      let read = HTTPCacheDirectives.directives(in: field)
      let reference = CharacterDirectiveReader.directives(in: field)
      #expect(read.map { String($0.name) } == reference.map(\.0), "\(field.debugDescription)")
      #expect(
        read.map { $0.argument.map(String.init) } == reference.map { $0.1.map(CharacterDirectiveReader.trimmed) },
        "\(field.debugDescription)")
    }
  }
}

/// The `Cache-Control` splitter as it was before fields were read as bytes, kept to compare.
private enum CharacterDirectiveReader {
  static func trimmed(_ text: String) -> String {
    String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }

  static func directives(in field: String) -> [(String, String?)] {
    var result: [(String, String?)] = []
    var current = ""
    var inQuotes = false
    var escaped = false
    func flush() {
      let piece = trimmed(current)
      current = ""
      guard !piece.isEmpty else { return }
      if let equals = piece.firstIndex(of: "=") {
        result.append((trimmed(String(piece[..<equals])), String(piece[piece.index(after: equals)...])))
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
}
