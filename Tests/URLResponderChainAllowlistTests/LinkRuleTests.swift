import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainAllowlist

/// A policy's ordered rules (`LinkRule`): `nowhere` first wherever it stands and on every
/// reading, then the first other rule that matches, then the list, then the system.
@Suite struct LinkRuleTests {
  private func destination(_ policy: LinkPolicy, _ link: String) throws -> LinkDestination {
    policy.destination(for: try #require(URL(string: link), "\(link)"))
  }

  @Test func eachRuleSaysWhereItsLinksOpen() throws {
    let policy = LinkPolicy(rules: [
      .discarded("tracker.example"), .nativeAppOrDefaultBrowser("youtu.be"), .systemAction("example.com/downloads/*"),
      .inApp("example.com"),
    ])
    #expect(try destination(policy, "https://tracker.example/x").isDiscarded)
    #expect(
      try destination(policy, "https://youtu.be/abc")
        == .nativeAppOrDefaultBrowser(reason: "its own app first by the rule \"youtu.be\""))
    #expect(try destination(policy, "https://example.com/downloads/a.zip").isSystemAction)
    #expect(
      try destination(policy, "https://example.com/docs")
        == .inApp(nativeAppFirst: false, reason: "in-app by the rule \"example.com\""))
    #expect(try destination(policy, "https://example.org/") == .systemAction(reason: "no rule shows it in-app"))
  }

  /// A rule is written in code, like a literal: a pattern that is not valid stops the app.
  @Test func aPatternThatIsNotValidStopsTheApp() async {
    await #expect(processExitsWith: .failure) { _ = LinkRule.inApp("example.com", "*.com") }
    await #expect(processExitsWith: .failure) { _ = LinkRule.discarded("https://") }
  }

  @Test func schemesAreDecidedBeforeAnyRule() throws {
    let policy = LinkPolicy(rules: [.inApp("example.com")])
    #expect(try destination(policy, "javascript:alert(1)").isDiscarded)
    #expect(try destination(policy, "data:text/html,hi").isDiscarded)
    #expect(try destination(policy, "file:///etc/passwd").isDiscarded)
    #expect(try destination(policy, "mailto:a@example.com").isSystemAction)
  }

  @Test func theFirstRuleThatMatchesDecides() throws {
    let docsFirst = LinkPolicy(rules: [.inApp("docs.example.com"), .systemAction("*.example.com")])
    #expect(try destination(docsFirst, "https://docs.example.com/a").isInApp)
    #expect(try destination(docsFirst, "https://blog.example.com/a").isSystemAction)
    let systemFirst = LinkPolicy(rules: [.systemAction("*.example.com"), .inApp("docs.example.com")])
    #expect(try destination(systemFirst, "https://docs.example.com/a").isSystemAction)
  }

  /// A `discarded` rule placed after an in-app rule for the same host still blocks, on every
  /// spelling: no order of rules opens what it blocks.
  @Test(arguments: [
    "https://example.com/admin", "https://example.com/ADMIN", "https://example.com/%61dmin",
    "https://example.com/admin.", "https://example.com/%2561dmin", "https://example.com/ａdmin",
    "https://example.com/a/..%2Fadmin", "https://example.com/x;p/../admin", "https://user@example.com/admin",
    "https://example.com:8443/admin", "https://%65xample.com/admin", "https://EXAMPLE.COM./admin",
    "https://example.com/admin;x", "https://example.com/admin%00",
  ])
  func aNowhereRuleAfterAnInAppRuleBlocksEverySpelling(link: String) throws {
    let policy = LinkPolicy(rules: [
      .inApp("example.com"), .nativeAppOrDefaultBrowser("example.com"), .discarded("example.com/admin"),
    ])
    let destination = try destination(policy, link)
    #expect(destination.isDiscarded, "\(link): \(destination)")
  }

  /// A `system` rule keeps every spelling of its links out of a later in-app rule.
  @Test(arguments: [
    "https://example.com/downloads/a", "https://example.com/Downloads/a", "https://example.com/downloads%2Fa",
    "https://example.com/%64ownloads/a", "https://example.com/ſ/../downloads/a", "https://example.com/downloads;v=1/a",
  ])
  func aSystemRuleKeepsEverySpellingOutOfTheInAppBrowser(link: String) throws {
    let policy = LinkPolicy(rules: [.systemAction("example.com/downloads/*"), .inApp("example.com")])
    let destination = try destination(policy, link)
    #expect(!destination.isInApp, "\(link): \(destination)")
  }

  @Test func anInAppRuleShowsOnlyEligibleLinksAndAsThePersonPrefers() throws {
    var policy = LinkPolicy(rules: [.nativeAppOrDefaultBrowser("youtu.be"), .inApp("example.com")])
    #expect(try destination(policy, "https://user@example.com/").isSystemAction)
    #expect(try destination(policy, "https://example.com:8443/").isSystemAction)
    #expect(
      try destination(policy, "https://user@youtu.be/abc").isSystemAction, "only an eligible link goes to its app")
    policy.preference = .defaultBrowser
    guard case .nativeAppOrDefaultBrowser = try destination(policy, "https://example.com/") else {
      Issue.record("a preferred default browser: \(try destination(policy, "https://example.com/"))")
      return
    }
    policy.preference = .inApp
    // The chain's end after `.systemAction`: never in-app; its own app first stays.
    let video = try #require(URL(string: "https://youtu.be/abc"))
    guard case .nativeAppOrDefaultBrowser = policy.destination(for: video, inApp: false, judged: nil) else {
      Issue.record("sent to the system: \(policy.destination(for: video, inApp: false, judged: nil))")
      return
    }
    #expect(
      policy.destination(for: try #require(URL(string: "https://example.com/")), inApp: false, judged: nil)
        .isSystemAction)
  }

  @Test func aPortThatARuleNamesIsShownInApp() throws {
    let policy = LinkPolicy(rules: [.inApp("https://example.com:8443")])
    #expect(try destination(policy, "https://example.com:8443/a").isInApp)
    #expect(try destination(policy, "https://example.com:9443/a").isSystemAction)
  }

  @Test func rulesComeBeforeTheListAndItsDenyRulesBeforeThem() throws {
    let list = try Allowlist(allow: ["example.com", "*.example.com"], deny: ["bad.example.com", "youtu.be/blocked"])
    let policy = LinkPolicy(
      inApp: list,
      rules: [
        .nativeAppOrDefaultBrowser("youtu.be"), .systemAction("example.com/downloads/*"),
        .discarded("example.com/admin"),
      ])
    #expect(
      try destination(policy, "https://youtu.be/abc")
        == .nativeAppOrDefaultBrowser(reason: "its own app first by the rule \"youtu.be\""))
    #expect(try destination(policy, "https://youtu.be/blocked").isDiscarded)  // the list's deny rule
    #expect(try destination(policy, "https://bad.example.com/").isDiscarded)
    #expect(try destination(policy, "https://example.com/admin").isDiscarded)  // the local rule
    #expect(try destination(policy, "https://example.com/downloads/x").isSystemAction)  // before the list's allow
    #expect(
      try destination(policy, "https://docs.example.com/")
        == .inApp(nativeAppFirst: false, reason: "allowed by \"*.example.com\""))
    #expect(try destination(policy, "https://example.org/").isSystemAction)  // the list does not allow it
  }

  /// Over the URL Standard's corpus and ordinary links, wherever the `discarded` rule stands:
  /// a link opens nowhere exactly when that rule alone sends it nowhere, and one that opens
  /// in-app is eligible and matched by an in-app rule alone.
  @Test func nowhereWinsWhereverItStandsOverTheCorpus() throws {
    let nowhere = LinkRule.discarded("example.com/foo", "evil.example", "*.evil.test")
    let others: [LinkRule] = [
      .systemAction("example.org/test/*"), .inApp("example.org", "*.example.org", "example.com"),
    ]
    let alone = LinkPolicy(rules: [nowhere])
    let inAppAlone = LinkPolicy(rules: [others[1]])
    let orders = [[nowhere] + others, [others[0], nowhere, others[1]], others + [nowhere]].map { LinkPolicy(rules: $0) }
    var links = try Self.corpusLinks()
    links += [
      "https://example.com/foo", "https://EXAMPLE.com/%66oo", "https://u@evil.example/", "https://a.evil.test/x",
    ]
    var compared = 0
    for link in links {
      guard let url = URL(string: link) else { continue }
      let blocked = alone.destination(for: url).isDiscarded
      for policy in orders {
        let destination = policy.destination(for: url)
        #expect(destination.isDiscarded == blocked, "\(link): \(destination)")
        if destination.isInApp {
          #expect(inAppAlone.destination(for: url).isInApp, "\(link)")
          #expect(policy.inAppBrowserURL(for: url) != nil, "\(link)")
        }
      }
      compared += 1
    }
    #expect(compared > 300)
  }

  /// Every `http`/`https` input of the web-platform-tests URL corpus, as written.
  static func corpusLinks() throws -> [String] {
    let cases = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.wptURLTestData)) as? [Any])
    return cases.compactMap { ($0 as? [String: Any])?["input"] as? String }.filter {
      $0.lowercased().hasPrefix("http")
    }
  }
}

extension LinkDestination {
  fileprivate var isInApp: Bool { if case .inApp = self { true } else { false } }
  fileprivate var isSystemAction: Bool { if case .systemAction = self { true } else { false } }
  fileprivate var isDiscarded: Bool { if case .discarded = self { true } else { false } }
}
