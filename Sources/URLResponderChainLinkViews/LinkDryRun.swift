package import Foundation
package import URLResponderChainCore

/// What a tap on a link would do, found without waiting and without doing it: what a long
/// press previews by, so that a preview never shows in-app a link a tap would not.
///
/// The dry run walks the chain a tap walks, from the same node, by the same rules:
///
/// - a ``URLHandler`` is asked, with a context whose ``URLHandlingContext/isDryRun`` is `true`
///   (it answers as for a tap and performs nothing). `.rewrite` goes on with its URL,
///   `.discarded` ends it nowhere, `.handled` ends it with the handler (no preview), and
///   `.systemAction` skips every node but the application (``PropagationRules``, as the walk);
/// - the application is passed, and answers last, once the chain beyond it (its delegate) has,
///   as the walk asks it;
/// - a node that only declares (a `SafariURLHandling` view controller, a SwiftUI modifier
///   that answers nothing) is passed;
/// - any other ``AsyncURLHandler`` ends it unknown: its answer cannot be had without waiting,
///   so nothing is previewed in-app;
/// - the application at the chain's end answers as it does for a tap: the policy declared
///   nearest the origin (``SystemFallback/declaration(from:)``) decides for the URL as
///   rewritten (a remote list answers from the list held now: a preview cannot wait), never
///   in-app after `.systemAction`; with no declaration the system opens it
///   (nowhere for a scheme of a document's own). A chain without an application, or with a
///   loop, ends nowhere.
///
/// Only a result's `inApp` previews the page in the in-app browser.
///
/// A namespace whose run returns a tuple: a stored result type's value witnesses and metadata
/// cost about 1.5 KB in every app with a link view.
package enum LinkDryRun {
  /// What a tap would do:
  /// - `url`: the URL as the handlers rewrote it, the one a tap would show;
  /// - `destination`: where a tap would open it, or `nil` when a handler takes the link
  ///   itself or must be awaited;
  /// - `inApp`: the checked URL a preview shows in-app, set exactly when `destination` is
  ///   in-app.
  package typealias Result = (url: URL, destination: LinkDestination?, inApp: EligibleURL?)

  /// The most nodes a dry run looks at, as the scene search: a chain with a loop, or one
  /// longer than any screen's, ends it.
  static let nodeLimit = 1_000

  /// Runs the tap on `url` from `origin` dry.
  @MainActor
  package static func run(of url: URL, from origin: any ResponderChainNode) -> Result {
    var current = url
    var node: (any ResponderChainNode)? = origin
    var onlyTheSystem = false
    var seen = AddressTable()
    // Each node passed is kept until the run ends: a freed node's address, taken by the
    // next one, would read as a loop (the walk's rule, `VisitedNodes`).
    var passed = HeldNodes()
    // The application is passed, and answers once the chain beyond it (its delegate) has.
    var passedTheApplication = false
    for hop in 0..<Self.nodeLimit {
      guard let asked = node, seen.insert(ObjectIdentifier(asked)) else {
        // The chain ran out, or looped back: the application passed on the way answers last.
        guard passedTheApplication else { break }
        return atTheEnd(current, from: origin, inApp: !onlyTheSystem)
      }
      // Which node is asked is the walk's rule: after `.systemAction`, only the application.
      if PropagationRules.asks(type(of: asked), onlyTheSystem: onlyTheSystem) {
        if asked is any SystemURLOpener {
          passedTheApplication = true
        } else if let handler = asked as? any URLHandler {
          // A handler that answers at once is asked first, as the walk asks it.
          let context = URLHandlingContext(
            originalURL: url, origin: origin, hop: hop, inboundSourceName: nil, isDryRun: true)
          switch handler.handleURL(current, context: context) {
          case .notHandled: break
          case .rewrite(let rewritten): current = rewritten
          case .systemAction: onlyTheSystem = true
          case .discarded(let reason): return (current, .discarded(reason: reason), nil)
          case .handled: return (current, nil, nil)
          }
        } else if let view = asked as? ViewLinkHandler {
          if view.decide != nil { return (current, nil, nil) }
        } else if asked is any AsyncURLHandler {
          return (current, nil, nil)
        }
      }
      node = asked.nextNode
      passed.append(asked)
    }
    return (current, .discarded(reason: "nobody in the chain opens it"), nil)
  }

  /// What the application at the chain's end does with `url` (``SystemFallback``), found
  /// without doing it: a declaration above the nearest one refuses it, or the declaration
  /// nearest `origin` answers by its policy, never in-app unless `inApp`; with none, the
  /// default policy answers without in-app.
  @MainActor
  static func atTheEnd(_ url: URL, from origin: any ResponderChainNode, inApp: Bool) -> Result {
    guard let declared = SystemFallback.declaration(from: origin) else {
      return (url, .discarded(reason: "the chain cannot be searched for its policy"), nil)
    }
    // A declaration above whose fetched list is not held yet may block the link once it is:
    // a tap would wait for it, a preview cannot, so it shows nothing in-app.
    var outerListsAreHeld = true
    for outer in declared.outer {
      if let refusal = outer.policy.refusal(for: url, judged: nil) { return (url, .discarded(reason: refusal), nil) }
      if outer.policy.list?.holdsList?() == false { outerListsAreHeld = false }
    }
    let policy = declared.presenter?.policy ?? LinkPolicy()
    let inApp =
      declared.presenter != nil && outerListsAreHeld && SystemFallback.showsInApp(declared, !inApp)
    let answer = policy.destination(for: url, inApp: inApp, judged: nil)
    guard case .inApp = answer,
      case .success(let eligible) = URLSafety.check(url, permittedPorts: policy.permittedPorts)
    else { return (url, answer, nil) }
    return (url, answer, eligible)
  }
}
