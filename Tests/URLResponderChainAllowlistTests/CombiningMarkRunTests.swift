import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// Swift and Foundation compare and compose text in NFC, sorting a run of combining marks
/// by insertion: a run of *n* marks that must be reordered (an acute above, a grave below,
/// alternately) costs time in proportion to *n*². Before these guards, a 1.2 MB allowlist
/// rule took 80 s to refuse and a 720 KB link 6.6 s. Each check below runs on 500,000 marks,
/// which would take minutes that way, within a one-minute limit.
@Suite(.timeLimit(.minutes(1))) struct CombiningMarkRunTests {
  /// `count` marks that must be reordered to compose.
  static func marks(_ count: Int) -> String {
    String(repeating: "\u{301}\u{316}", count: count / 2)
  }

  @Test(arguments: [
    ("https://example.com/", "", URLRefusal.invalidHost("contains non-ASCII characters")),
    ("https://example.com", "@evil.com/", .userInfo),
    ("https:/", "/example.com/", .missingAuthority),
    ("https://e", ".example.com/", .malformed),
    ("http", "s://example.com/", .malformed),
  ])
  func aLinkWithALongRunOfMarksIsCheckedInLinearTime(before: String, after: String, refusal: URLRefusal) {
    // Compared as a refusal, not printed whole: the link is a megabyte.
    guard case .failure(let refused) = URLSafety.check(before + Self.marks(500_000) + after) else {
      Issue.record("eligible")
      return
    }
    #expect(refused == refusal)
  }

  /// Foundation reads the scheme `https` here; the check reads the text up to the first
  /// colon that stands alone, which is no scheme, and refuses it without composing it.
  @Test func aColonCarryingALongRunOfMarksEndsNoScheme() {
    guard
      case .failure(.unsupportedScheme(let scheme)) = URLSafety.check("https:" + Self.marks(500_000) + "//a.com:443/")
    else {
      Issue.record("not refused for its scheme")
      return
    }
    // On the bytes: `hasPrefix` would compare characters, and ":" with marks is no ":".
    #expect(scheme.utf8.starts(with: "https:".utf8))
    #expect(scheme.utf8.suffix(7).elementsEqual("//a.com".utf8))
  }

  @Test func marksInAQueryAreTheQuerysOwn() throws {
    let eligible = try URLSafety.check("https://example.com/a?q=" + Self.marks(500_000)).get()
    #expect(eligible.host == "example.com")
    #expect(eligible.path == "/a")
  }

  @Test(arguments: [
    ("e", ".example.com", URLPatternError.invalidHost("holds more than 30 combining marks in a row")),
    ("https://e", ".example.com", .invalidHost("holds more than 30 combining marks in a row")),
    ("example.com/", "", .invalidPath("holds more than 30 combining marks in a row")),
    ("https://example.com/a/e", "/*", .invalidPath("holds more than 30 combining marks in a row")),
    ("example.com/a?", "", .invalidPath("holds more than 30 combining marks in a row")),
  ])
  func aRuleWithALongRunOfMarksIsRefusedInLinearTime(before: String, after: String, error: URLPatternError) {
    #expect(throws: error) { try URLPattern(before + Self.marks(500_000) + after) }
  }

  @Test func thirtyMarksInARowAreNotARun() throws {
    let pattern = try URLPattern("example.com/e" + Self.marks(30))
    #expect(pattern.path?.count == 1)
    #expect(throws: URLPatternError.invalidPath("holds more than 30 combining marks in a row")) {
      try URLPattern("example.com/e" + Self.marks(30) + "\u{301}")
    }
  }

  @Test func aLabelTooLongForAnASCIIFormIsRefusedBeforeItIsComposed() {
    #expect(Punycode.aceLabel(forUnicode: Substring("e" + Self.marks(500_000))) == nil)
    #expect(Punycode.aceLabel(forUnicode: "bücher") == "xn--bcher-kva")
  }

  @Test(arguments: ["{\"e%@\":1}", "{\"version\":1,\"allow\":[],\"meta\":{\"e%@\":1}}"])
  func aDocumentWithANameHoldingALongRunOfMarksIsRefusedInLinearTime(template: String) {
    let escaped = String(repeating: "\\u0301\\u0316", count: 250_000)
    let document = Data(template.replacingOccurrences(of: "%@", with: escaped).utf8)
    #expect(
      JSONNameCheck.problem(in: document)?.hasPrefix("a name holds more than 30 combining marks in a row") == true)
    #expect(throws: AllowlistError.self) { try Allowlist(document: document, byteLimit: 4_000_000) }
  }

  @Test func aNameWithThirtyMarksInARowIsRead() {
    let document = Data(("{\"e" + Self.marks(30) + "\":1,\"é\":2}").utf8)
    #expect(JSONNameCheck.problem(in: document) == nil)
  }

  @Test func aQueryItemIsFoundWithoutComposingItsName() throws {
    let pattern = try URLPattern("example.com/a")
    let link = "https://example.com/a?e\(Self.marks(800_000))=1&id=7"
    #expect(try #require(pattern.match(EligibleURL(link))).queryValue("id") == "7")
    // Exactly: a decomposed name is another name.
    let composed = try #require(pattern.match(EligibleURL("https://example.com/a?caf%C3%A9=8")))
    #expect(composed.queryValue("café") == "8")
    #expect(composed.queryValue("cafe\u{301}") == nil)
  }
}
