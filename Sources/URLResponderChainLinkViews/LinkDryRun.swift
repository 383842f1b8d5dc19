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
///   `.systemAction` skips every node but the application;
/// - a node that shows links by a ``LinkPolicy`` (an in-app presenter) answers with that
///   policy's ``LinkPolicy/destination(for:)`` for the URL as rewritten;
/// - any other ``AsyncURLHandler`` ends it unknown: its answer cannot be had without waiting,
///   so nothing is previewed in-app;
/// - the application at the chain's end sends the link to the system (nowhere for a scheme of
///   a document's own); a chain without one, or with a loop, ends nowhere.
///
/// Only ``inApp`` previews the page in the in-app browser.
package struct LinkDryRun: Sendable {
  /// The URL as the handlers rewrote it: the one a tap would show.
  package var url: URL
  /// Where a tap would open it, or `nil` when a handler takes the link itself or must be
  /// awaited.
  package var destination: LinkDestination?
  /// The checked URL a preview shows in-app: set exactly when ``destination`` is in-app.
  package var inApp: EligibleURL?

  /// The most nodes a dry run looks at, as the scene search: a chain with a loop, or one
  /// longer than any screen's, ends it.
  static let nodeLimit = 1_000

  /// Runs the tap on `url` from `origin` dry.
  ///
  /// - Parameter policyOf: The policy a node shows links by, when it is an in-app presenter
  ///   of the platform's (a `SafariURLHandling` view controller); `nil` for any other node.
  ///   A SwiftUI presenter (`presentsLinksInSafari(policy:)`) is read from its node.
  @MainActor
  package init(
    of url: URL, from origin: any ResponderChainNode, policyOf: (any ResponderChainNode) -> LinkPolicy?
  ) {
    self.url = url
    var node: (any ResponderChainNode)? = origin
    var onlyTheSystem = false
    var seen = AddressTable()
    // Each node passed is kept until the run ends: a freed node's address, taken by the
    // next one, would read as a loop (the walk's rule, `VisitedNodes`).
    var passed = HeldNodes()
    for hop in 0..<Self.nodeLimit {
      guard let current = node, seen.insert(ObjectIdentifier(current)) else { break }
      if current is any SystemURLOpener {
        destination =
          SystemFallback.sendsNowhere(self.url)
          ? .nowhere(reason: "a local scheme") : .system(reason: "the application opens it")
        return
      }
      if !onlyTheSystem {
        if let policy = policyOf(current) ?? (current as? ViewLinkHandler)?.presenter?.policy {
          let answer = policy.destination(for: self.url)
          destination = answer
          if case .inApp = answer,
            case .success(let eligible) = URLSafety.check(self.url, permittedPorts: policy.permittedPorts)
          {
            inApp = eligible
          }
          return
        }
        if let handler = current as? any URLHandler {
          let context = URLHandlingContext(
            originalURL: url, origin: origin, hop: hop, inboundSourceName: nil, isDryRun: true)
          switch handler.handleURL(self.url, context: context) {
          case .notHandled: break
          case .rewrite(let rewritten): self.url = rewritten
          case .systemAction: onlyTheSystem = true
          case .discarded(let reason):
            destination = .nowhere(reason: reason)
            return
          case .handled:
            return
          }
        } else if current is any AsyncURLHandler {
          return
        }
      }
      node = current.nextNode
      passed.append(current)
    }
    destination = .nowhere(reason: "nobody in the chain opens it")
  }
}
