import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRouting

/// The app's own scheme in route tables: the same specificity rules, the same safety rules,
/// and never in allowlists.
@Suite struct AppSchemeRouteTests {
  enum Route: Sendable, Equatable { case document, documentList, settings, web }

  let routes = try! URLRouteTable<Route>([
    ("myapp://document/:id", .document),
    ("myapp://document/*", .documentList),
    ("myapp://settings", .settings),
    ("document/:id", .web),  // no scheme: web URLs only
  ])

  private func route(_ string: String) throws -> (Route, [String: String])? {
    try routes.route(#require(URL(string: string))).map { ($0.action, $0.match.parameters) }
  }

  @Test func anAppLinkOpensADocumentById() throws {
    let routed = try route("myapp://document/42")
    #expect(routed?.0 == .document)
    #expect(routed?.1 == ["id": "42"])
    #expect(try route("MyApp://document/42?from=mail")?.0 == .document)
    #expect(try route("myapp://document/42/comments")?.0 == .documentList)
    #expect(try route("myapp://settings/privacy")?.0 == .settings)
  }

  @Test func aPatternWithoutASchemeNeverMatchesAnAppLink() throws {
    #expect(try route("https://document/42")?.0 == .web)
    #expect(try route("myapp://other/42") == nil)
  }

  @Test(arguments: [
    "myapp:document/42",  // not written scheme://host
    "myapp://user@document/42",
    "myapp://user:pw@document/42",
    "myapp://document:8080/42",  // no pattern names that port
    "myapp://docu%6Dent/42",  // the host as written
    "myapp://[::1]/document/42",
    "myapp://127.0.0.1/document/42",
    "otherapp://document/42",
    "javascript://document/42",
    "myapp://xn--dcument-9ya/42",
  ])
  func hostileAppLinksMatchNoRoute(_ link: String) throws {
    #expect(try route(link) == nil, "\(link)")
  }

  @Test(arguments: ["\u{0}", "\u{7F}", "\u{1B}", "\n", "%00", "%7F", "%0A", "%0d"])
  func controlCharactersAreNeverCaptured(_ character: String) {
    // Foundation percent-encodes what it will not keep (`4\u{0}2` becomes `4%002`): the
    // path is then well-formed, but a placeholder never captures the decoded control character.
    if let url = URL(string: "myapp://document/4\(character)2") {
      #expect(routes.route(url)?.action != .document, "\(url)")  // `document/*` captures nothing
    }
    if let url = URL(string: "https://document/4\(character)2") {
      #expect(routes.route(url) == nil, "\(url)")
    }
  }

  @Test(arguments: ["\u{0}", "\u{7F}", " ", "\\", "%41"])
  func theHostIsJudgedAsWritten(_ character: String) {
    if let url = URL(string: "myapp://docu\(character)ment/42") {
      #expect(routes.route(url) == nil, "\(url)")
    }
  }

  @Test func webChecksStayWebOnly() {
    #expect((try? EligibleURL(URL(string: "myapp://document/42")!, customSchemes: ["myapp"])) != nil)
    #expect((try? EligibleURL(URL(string: "myapp://document/42")!)) == nil)
    #expect((try? EligibleURL(URL(string: "javascript://document/42")!, customSchemes: ["javascript"])) == nil)
  }

  @Test(arguments: ["javascript://x", "file://x/y", "data://x", "http2://x/*", "1app://x", "about://blank"])
  func reservedOrInvalidSchemesAreRefusedInRoutes(pattern: String) {
    let refused = pattern == "http2://x/*" ? false : true  // http2 is a valid app scheme
    #expect((try? URLRouteTable<Route>([(pattern, .web)])) == nil ? refused : !refused, "\(pattern)")
  }

  @Test func allowlistsStayWebOnly() {
    #expect(throws: AllowlistError.self) { try Allowlist(allow: ["myapp://document"]) }
    #expect(throws: URLPatternError.unsupportedScheme("myapp")) { try URLPattern("myapp://document") }
  }

  @Test func literalsBeatPlaceholdersWhicheverComesFirst() throws {
    let table = try URLRouteTable<String>([
      ("myapp://document/:id", "byID"), ("myapp://document/new", "new"),
    ])
    #expect(table.route(URL(string: "myapp://document/new")!)?.action == "new")
    #expect(table.route(URL(string: "myapp://document/7")!)?.action == "byID")
  }

  @Test func anExplicitPortOnAnAppSchemeIsKept() throws {
    let table = try URLRouteTable<String>([("myapp://document:443/:id", "port")])
    #expect(table.route(URL(string: "myapp://document:443/7")!)?.action == "port")
    #expect(table.route(URL(string: "myapp://document/7")!) == nil)
  }
}
