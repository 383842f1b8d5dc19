import Foundation
import URLResponderChainCore

/// One rule of a `LinkPolicy`: where the links its patterns match
/// open, in the words of `LinkDestination`.
///
/// ```swift
/// let policy = LinkPolicy(rules: [
///   .discarded("tracker.example"),
///   .nativeAppOrDefaultBrowser("youtu.be", "*.youtube.com/watch"),
///   .systemAction("example.com/downloads/*"),
///   .inApp("example.com", "*.example.com"),
/// ])
/// ```
///
/// How a policy reads its rules:
///
/// 1. A ``discarded(_:)`` rule is a deny rule: it is judged first, wherever it stands, on every
///    spelling a browser or server reads as its host and path (user info, port, escapes, case
///    and compatibility forms), so no order of rules and no spelling opens what it blocks.
///    A list's deny rules come next, the same way.
/// 2. The other rules are judged in order, and the first that matches decides. A
///    ``systemAction(_:)`` rule matches every spelling as a deny rule does, so that no spelling of
///    its links reaches a later in-app rule. An ``inApp(_:)`` or
///    ``nativeAppOrDefaultBrowser(_:)`` rule matches only a link the in-app browser may show
///    (`EligibleURL`), on every reading, as an allow rule does.
/// 3. A link that no rule matches is judged by the policy's list, if it has one, and goes to
///    the system otherwise.
///
/// A link an ``inApp(_:)`` rule matches opens as the person prefers
/// (`LinkOpeningPreference`). Schemes that never leave a document
/// (`javascript:`, `data:`, `file:`…) open nowhere, and other schemes (`mailto:`, `tel:`) go
/// to the system: rules judge web links, and the web links another scheme may wrap
/// (`x-safari-https://tracker.example/` opens `https://tracker.example/` in Safari), which a
/// ``discarded(_:)`` rule blocks.
///
/// The patterns are ``URLPattern``s written in code, like a literal: one that is not valid
/// stops the app at once, naming it and why.
public struct LinkRule: Sendable {
  /// Where the links a rule matches open.
  enum Destination: Sendable {
    case inApp, nativeAppOrDefaultBrowser, systemAction, discarded
  }

  let destination: Destination
  /// The patterns, compiled as allow rules for a rule that shows a link in-app, and as deny
  /// rules (every reading) for one that keeps it out.
  let list: Allowlist

  private init(_ destination: Destination, _ patterns: [String]) {
    self.destination = destination
    let keepsOut = destination == .systemAction || destination == .discarded
    do {
      list = try Allowlist(allow: keepsOut ? [] : patterns, deny: keepsOut ? patterns : [])
    } catch {
      let problems = error.problems.map { "\"\($0.entry ?? "")\" \($0.reason)" }
      preconditionFailure("LinkRule.\(destination): " + problems.joined(separator: "; "))
    }
  }

  /// The links `patterns` match open in the in-app browser.
  public static func inApp(_ patterns: String...) -> LinkRule { LinkRule(.inApp, patterns) }

  /// The links `patterns` match open in their own app when one is installed (a universal
  /// link), else in the person's default browser: never in the in-app browser.
  public static func nativeAppOrDefaultBrowser(_ patterns: String...) -> LinkRule {
    LinkRule(.nativeAppOrDefaultBrowser, patterns)
  }

  /// The system opens the links `patterns` match, never the in-app browser.
  public static func systemAction(_ patterns: String...) -> LinkRule { LinkRule(.systemAction, patterns) }

  /// Nobody opens the links `patterns` match, however they are spelled.
  public static func discarded(_ patterns: String...) -> LinkRule { LinkRule(.discarded, patterns) }

  /// The destination this rule gives `url`, or `nil` when it does not match.
  func destination(for url: URL) -> LinkDestination? {
    switch (destination, list.verdict(for: url)) {
    case (.inApp, .allowed(let rule)): .inApp(nativeAppFirst: false, reason: "in-app by the rule \"\(rule)\"")
    case (.nativeAppOrDefaultBrowser, .allowed(let rule)):
      .nativeAppOrDefaultBrowser(reason: "its own app first by the rule \"\(rule)\"")
    case (.systemAction, .blocked(let rule)): .systemAction(reason: "to the system by the rule \"\(rule)\"")
    case (.discarded, .blocked(let rule)): .discarded(reason: "discarded by the rule \"\(rule)\"")
    default: nil
    }
  }
}
