import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// Compatibility forms (UAX #15, NFKC) and Windows' best-fit mapping read fullwidth and
/// mathematical letters as ASCII, and fullwidth `．` `／` `＼` as `.` `/` `\`: a deny rule
/// blocks them, an allow rule is never climbed out of with them, and a rule may not hold them.
@Suite struct CompatibilityFormTests {
  @Test(arguments: [
    "https://example.com/%EF%BD%81dmin",  // ａ, fullwidth a
    "https://example.com/%F0%9D%90%9Admin",  // 𝐚, mathematical bold a
    "https://example.com/%E2%85%B0nfo/../admin",  // ⅰ is resolved first; the path is /admin
    "https://example.com/ADM%E2%85%B0N",  // ⅰ, Roman numeral one
    "https://example.com/adm%C4%B1n",  // ı
  ])
  func aDenyRuleBlocksCompatibilityForms(link: String) throws {
    let verdict = try pathVerdict(allow: ["example.com/*"], deny: ["example.com/admin"], link)
    #expect(verdict.isBlocked, "\(link): \(verdict)")
  }

  @Test(arguments: [
    "https://docs.example.org/public/..%EF%BC%8Fadmin",  // ..／
    "https://docs.example.org/public/%EF%BC%8E%EF%BC%8E%EF%BC%8Fadmin",  // ．．／
    "https://docs.example.org/public/..%EF%BC%BCadmin",  // ..＼
    "https://docs.example.org/public/%EF%BC%8E%EF%BC%8E/admin",  // ．．/
    "https://docs.example.org/public/%EF%BD%81",  // ａ
  ])
  func anAllowedPrefixIsNotClimbedOutOfWithFullwidthPunctuation(link: String) throws {
    let verdict = try pathVerdict(allow: ["docs.example.org/public/*"], link)
    #expect(!verdict.isAllowed, "\(link): \(verdict)")
  }

  @Test func theFullwidthDotSegmentIsBlockedByTheRuleOfWhereItLeads() throws {
    let verdict = try pathVerdict(
      allow: ["docs.example.org/public/*"], deny: ["docs.example.org/admin"],
      "https://docs.example.org/public/%EF%BC%8E%EF%BC%8E%EF%BC%8Fadmin")
    #expect(verdict == .blocked(rule: "docs.example.org/admin"))
  }

  @Test(arguments: [
    "example.com/ａdmin", "example.com/%EF%BD%81dmin", "example.com/𝐚", "example.com/ⅰ", "example.com/a／b",
  ])
  func aRuleHoldingACompatibilityFormIsRefusedAtLoad(rule: String) {
    #expect(throws: AllowlistError.self) { try Allowlist(allow: [rule]) }
    #expect(throws: AllowlistError.self) { try Allowlist(allow: ["example.com"], deny: [rule]) }
  }

  @Test(arguments: [
    "https://example.com/caf%C3%A9", "https://example.com/%E6%97%A5%E6%9C%AC", "https://example.com/%D0%B4%D0%B0",
  ])
  func lettersOfOtherScriptsAreStillAllowed(link: String) throws {
    #expect(try pathVerdict(allow: ["example.com/*"], deny: ["example.com/admin"], link).isAllowed, "\(link)")
  }
}
