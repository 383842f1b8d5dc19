import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// A deny rule matches every path a server could route to it: a placeholder takes any
/// segment a router takes, and a letter that case-insensitive servers read as ASCII is never
/// let through on a list that reads paths.
@Suite struct DenyRuleReadingTests {
  /// Segments a placeholder of an allow rule refuses (not UTF-8 text, or a control character)
  /// but a router captures all the same: Flask gives `lang='\u{FFFD}'` for `%FF`.
  @Test(arguments: [
    "%FF", "a%FFb", "%C0%AF", "%ED%A0%80", "%0A", "%09", "%7F", "%C2%85", "%00x", "%E2%80%8B", "%EF%BB%BF", "%25FF",
    "%C3", "%F4%90%80%80",
  ])
  func aDenyRulesPlaceholderMatchesEverySegmentARouterTakes(segment: String) throws {
    let url = "https://example.org/\(segment)/admin"
    let verdict = try pathVerdict(allow: ["example.org/*"], deny: ["example.org/:lang/admin"], url)
    #expect(verdict == .blocked(rule: "example.org/:lang/admin"), "\(url)")
  }

  @Test func aDenyRulesPlaceholderStillTakesOneNonEmptySegmentOnly() throws {
    let deny = ["example.org/:lang/admin"]
    for url in ["https://example.org/admin", "https://example.org//admin", "https://example.org/a/b/admin"] {
      #expect(try pathVerdict(allow: ["example.org/*"], deny: deny, url).isAllowed, "\(url)")
    }
  }

  @Test(arguments: ["%FF", "%0A", "%7F", "%C2%85"])
  func anAllowRulesPlaceholderStillRefusesASegmentThatIsNotText(segment: String) throws {
    let verdict = try pathVerdict(allow: ["example.org/:lang/docs"], "https://example.org/\(segment)/docs")
    #expect(!verdict.isAllowed)
  }

  @Test(arguments: [
    ("example.org/secret", "https://example.org/%C5%BFecret"),  // ſ, long s: uppercases to S
    ("example.org/admin", "https://example.org/adm%C4%B1n"),  // ı, dotless i: uppercases to I
    ("example.org/admin", "https://example.org/adm%C4%B0n"),  // İ: Java's simple lowercase is i
    ("example.org/key", "https://example.org/%E2%84%AAey"),  // the Kelvin sign lowercases to k
    ("example.org/strasse", "https://example.org/stra%C3%9Fe"),  // ß folds to ss
    ("example.org/strasse", "https://example.org/STRA%E1%BA%9EE"),  // ẞ folds to ss
    ("example.org/file", "https://example.org/%EF%AC%81le"),  // ﬁ folds to fi
    ("example.org/secret", "https://example.org/%25C5%25BFecret"),  // decoded twice
    ("example.org/secret/*", "https://example.org/%C5%BFECRET/x"),
  ])
  func aLetterThatCaseInsensitiveServersReadAsASCIINeverPassesADenyRule(rule: String, url: String) throws {
    let verdict = try pathVerdict(allow: ["example.org/*"], deny: [rule], url)
    #expect(!verdict.isAllowed, "\(url)")
  }

  @Test func suchALetterIsRefusedWhereverAPathRuleReadsThePath() throws {
    let verdict = try pathVerdict(allow: ["example.org/docs/*"], "https://example.org/docs/%C5%BF")
    #expect(verdict == .notAllowed(reason: "its path holds \"ſ\" (U+017F), which servers may read as ASCII"))
    // A list of hosts only never reads the path.
    #expect(try pathVerdict(allow: ["example.org"], "https://example.org/%C5%BFecret").isAllowed)
    // Accents and other scripts are not such letters.
    #expect(
      try pathVerdict(allow: ["example.org/*"], deny: ["example.org/x"], "https://example.org/caf%C3%A9").isAllowed)
    #expect(try pathVerdict(allow: ["example.org/*"], deny: ["example.org/x"], "https://example.org/%CE%A3").isAllowed)
  }

  @Test(arguments: ["example.org/%C5%BFecret", "example.org/ſecret", "example.org/docs/ı", "example.org/%E2%84%AA/*"])
  func aRuleHoldingSuchALetterIsRefusedWhenTheListIsLoaded(rule: String) {
    #expect(throws: AllowlistError.self) { try Allowlist(allow: [rule]) }
  }

  /// The letters Python's `unicodedata` (Unicode 14) maps or folds (CaseFolding.txt, C+F) to
  /// ASCII are all refused; `ASCIILookalikeDifferentialTests` checks the whole set, with the
  /// compatibility forms (NFKC) that are refused too.
  @Test func theLettersWhoseCaseMappingOrFoldingIsASCIIAreRefused() {
    let python: Set<UInt32> = [
      0x00DF, 0x0130, 0x0131, 0x0149, 0x017F, 0x01F0, 0x1E96, 0x1E97, 0x1E98, 0x1E99, 0x1E9A, 0x1E9E, 0x212A, 0xFB00,
      0xFB01, 0xFB02, 0xFB03, 0xFB04, 0xFB05, 0xFB06,
    ]
    var refused: Set<UInt32> = []
    for value in python {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let escaped = String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
      if Allowlist.asciiLookalike(in: "/" + escaped) != nil { refused.insert(value) }
    }
    #expect(refused == python)
  }
}
