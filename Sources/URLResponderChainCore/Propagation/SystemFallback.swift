package import Foundation

/// What the application at the end of a chain does with a URL nobody handled, or that a
/// handler sent to the system (``URLHandlingDecision/systemAction``): the one place where a
/// tap's destination is decided. Handlers only answer; this asks the policy declared nearest
/// the link's origin (``LinkPresenting``: a `SafariURLHandling` view controller,
/// `.presentsLinksInSafari(policy:)`), once, with the final URL, and its presenter performs the
/// answer: in-app from the presentation host nearest the origin, the link's own app first, the
/// system, or nowhere. After `.systemAction` the policy still answers, but never in-app.
///
/// The nearest declaration says where a link opens; every declaration above it may still
/// refuse it (its `discarded` rules, its list's deny rules, a remote list waited for as the
/// nearest one's is): a screen narrows what its scene or app allows, never re-opens what they
/// block.
///
/// With no declaration, the default policy (`LinkPolicy()`) decides without in-app: the
/// system opens the link, except a scheme of a document's own (`javascript:`, `data:`,
/// `file:`…) or text without a scheme, which is discarded. A link that opened the app
/// (``URLHandlingContext/isInbound``) is passed on: sending it back to the browser would
/// bounce the user out of the app. A link whose view went away during the walk is discarded:
/// the declaration that applies to it can no longer be found.
///
/// `UIApplication`, `NSApplication` and the test kit's `TestApplication` all decide with this;
/// only how they open differs.
///
/// ```swift
/// func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///   await SystemFallback.decide(url, context: context) { await NSWorkspace.shared.open($0) }
/// }
/// ```
package enum SystemFallback {
  /// Passes inbound links on; asks every declaration above the nearest whether it refuses the
  /// link, then the nearest, and performs its answer; with none, the default policy without
  /// in-app decides, and `open` opens what it sends to the system (handled exactly when it
  /// opened).
  @MainActor
  package static func decide(
    _ url: URL, context: URLHandlingContext, open: @MainActor (URL) async -> Bool
  ) async -> URLHandlingDecision {
    guard !context.isInbound else { return .notHandled }
    let origin = context.origin
    guard let declared = declaration(from: origin) else {
      return .discarded(
        reason: origin == nil ? "the link's view is gone" : "the chain cannot be searched for its policy")
    }
    // The nearest declaration says where; every one above it may still refuse: a screen
    // narrows what its scene or app allows, never re-opens what they block.
    for outer in declared.outer {
      let judged = await outer.policy.list?.waitsForList?(url, origin)
      if let refusal = outer.policy.refusal(for: url, judged: judged) { return .discarded(reason: refusal) }
    }
    if let presenter = declared.presenter {
      return await show(
        url, by: presenter, from: declared.host, inApp: showsInApp(declared, context.wasSentToTheSystem),
        origin: origin, system: open)
    }
    if case .discarded(let reason) = LinkPolicy().destination(for: url, inApp: false, judged: nil) {
      return .discarded(reason: reason)
    }
    return await open(url) ? .handled : .notHandled
  }

  /// Shows `url` by the declared `presenter`: a fetched list is waited for first (a tap may
  /// wait for the network, its prompts reported from `origin`), and its answer is the one the
  /// policy goes by. Not inlined: `decide` is specialized for each application's way to open,
  /// and this part is the same for all.
  @MainActor
  @inline(never)
  package static func show(
    _ url: URL, by presenter: LinkPresenter, from host: (any PresentationHost)?, inApp: Bool,
    origin: (any ResponderChainNode)?, system: @MainActor (URL) async -> Bool
  ) async -> URLHandlingDecision {
    let judged = await presenter.policy.list?.waitsForList?(url, origin)
    let outcome = await presenter.present(url, from: host, inApp: inApp, judged: judged, system: system)
    ChainLog.presentation.debug(outcome.logDescription, url: url, "")
    return outcome.decision
  }

  /// What the chain above `origin` declares: the declaration nearest `origin` (the first
  /// ``LinkPresenting`` node with a presenter, or `nil` when no node declares one), the
  /// presentation host nearest `origin` (one the declaration's presenter shows links from: a
  /// SwiftUI declaration's is its hosting controller, above it), and every declaration above
  /// the nearest, nearest first (each may refuse a link the nearest would open). `nil` when
  /// the search cannot be made: the origin is gone, or the chain is longer than any screen's
  /// or loops (a walk never reaches the application through a loop, so only a chain that
  /// changed under it does); the link then fails closed.
  ///
  /// The search must pass the application: a chain from the origin that no longer leads to it
  /// (the link's view was taken out of its window while a handler waited: a reused cell, a
  /// reloaded page) has lost the declarations the walk passed, and the link fails closed.
  @MainActor
  package static func declaration(from origin: (any ResponderChainNode)?) -> Declared? {
    var node = origin
    var declared: Declared = (nil, nil, [])
    var passedTheApplication = false
    for _ in 0..<sceneSearchLimit {
      guard let current = node else { return passedTheApplication ? declared : nil }
      if current is any SystemURLOpener { passedTheApplication = true }
      if declared.host == nil { declared.host = current as? any PresentationHost }
      if let presenter = (current as? any LinkPresenting)?.linkPresenter {
        if declared.presenter == nil { declared.presenter = presenter } else { declared.outer.append(presenter) }
      }
      node = current.nextNode
    }
    return nil
  }

  /// What the chain declares (``declaration(from:)``).
  package typealias Declared = (presenter: LinkPresenter?, host: (any PresentationHost)?, outer: [LinkPresenter])

  /// Whether the in-app browser may show a link the declaration `declared` sends there: not
  /// after a handler's `.systemAction`, and not without a view controller on the way from the
  /// origin to present from. A tap and a long press's dry run both ask this.
  package static func showsInApp(_ declared: Declared, _ wasSentToTheSystem: Bool) -> Bool {
    !wasSentToTheSystem && declared.host != nil
  }
}
