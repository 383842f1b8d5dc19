import Foundation

/// What a walk passed on its way up that the chain's end decides with: the application, the
/// nearest presentation host, the scene the link came from, the declaration nearest the link,
/// and every declaration above it, with its policy as it was when passed. The objects are held
/// weakly (a walk holds no node past its turn, and one gone by the end is seen); the recorded
/// policies are values, which refuse a link however long the walk took.
@MainActor
struct ChainEndRecord {
  /// The application passed (the first ``SystemURLOpener``), and whether one was.
  weak var application: (any SystemURLOpener)?
  var passedApplication = false
  /// The nearest ``PresentationHost`` passed: the in-app browser is presented from it.
  weak var host: (any PresentationHost)?
  /// The first scene a node passed was shown in: the system opens the link from it.
  weak var scene: (any SceneURLOpening)?
  /// The presenter of the declaration nearest the link, and whether one was passed: it says
  /// where the link opens, and shows it.
  weak var nearest: LinkPresenter?
  var declared = false
  /// Every declaration above the nearest, nearest first: each may refuse.
  var outer: [Outer] = []

  /// A declaration above the nearest: its policy when the walk passed it, and its presenter.
  struct Outer {
    let recorded: LinkPolicy
    weak var presenter: LinkPresenter?

    /// The policies it refuses by: the recorded one, and its presenter's now (an app may
    /// have made it stricter while a handler waited). Either may refuse.
    @MainActor var policies: [LinkPolicy] {
      guard let now = presenter?.policy else { return [recorded] }
      return [recorded, now]
    }
  }

  /// Records a declaration the walk passes now, `presenter`'s.
  mutating func record(_ presenter: LinkPresenter) {
    if declared {
      outer.append(Outer(recorded: presenter.policy, presenter: presenter))
    } else {
      nearest = presenter
      declared = true
    }
  }
}

/// The chain's end: the one place where a link nobody handled, or one a handler sent to the
/// system (``URLHandlingDecision/systemAction``), is decided. Handlers only answer; the walk
/// records what it passes (``ChainEndRecord``), and once the chain ran out past the application
/// (and its delegate was asked) this decides, once, with the final URL:
///
/// - The declaration nearest the link's origin (``LinkPresenting``: a `SafariURLHandling` view
///   controller, `.presentsLinksInSafari(policy:)`) says where it opens, and its presenter
///   performs that: in-app from the nearest presentation host, the link's own app first, the
///   system, or nowhere. After `.systemAction`, never in-app.
/// - Every declaration above the nearest may refuse the link: its `discarded` rules, its
///   list's deny rules, a remote list waited for as the nearest one's is. A screen narrows
///   what its scene or app allows, never re-opens what they block.
/// - With no declaration, the default policy (`LinkPolicy()`) decides without in-app: the
///   system opens the link, except a scheme of a document's own (`javascript:`, `data:`,
///   `file:`…) or text without a scheme, which is discarded.
/// - One way to the system: from the scene the link came from, else the application's.
/// - A link that opened the app (``URLHandlingContext/isInbound``) is passed on: sending it
///   back to the browser would bounce the user out of the app. A link whose view, or the
///   declaration nearest it, went away while a handler waited is discarded: where it opens can
///   no longer be known. The declarations are those the walk passed, as they were then: one a
///   node makes after the walk passed it does not count.
/// - A walk that ended (cancelled, timed out) while the end waited performs nothing: the end
///   checks its task after every wait.
///
/// A long press asks the same end without performing (``preview(_:passed:origin:sentToTheSystem:)``).
@MainActor
enum ChainEnd {
  /// Decides where `url` opens, from what the walk `passed`, and performs it; the decision
  /// the application's step records.
  static func decide(
    _ url: URL, passed: ChainEndRecord, origin: PropagationOrigin, sentToTheSystem: Bool,
    application: any SystemURLOpener
  ) async -> URLHandlingDecision {
    guard origin.inboundSourceName == nil else { return .notHandled }
    if let refusal = gone(passed, origin: origin) { return .discarded(reason: refusal) }
    let scene = passed.scene
    // One way to the system: from the scene the link came from, else the application's.
    func system(_ url: URL) async -> Bool {
      if let scene { return await scene.openURL(url) }
      return await application.openInSystem(url)
    }
    let originNode = origin.node
    for outer in passed.outer {
      for policy in outer.policies {
        let judged = await policy.list?.waitsForList?(url, originNode)
        if let refusal = policy.refusal(for: url, judged: judged) { return .discarded(reason: refusal) }
      }
    }
    if Task.isCancelled { return .discarded(reason: Self.cancelled) }
    guard let nearest = passed.nearest else {
      if case .discarded(let reason) = LinkPolicy().destination(for: url, inApp: false, judged: nil) {
        return .discarded(reason: reason)
      }
      return await system(url) ? .handled : .notHandled
    }
    // A fetched list is waited for first (a tap may wait for the network, its prompts
    // reported from the origin), and its answer is the one the policy goes by.
    let judged = await nearest.policy.list?.waitsForList?(url, originNode)
    if Task.isCancelled { return .discarded(reason: Self.cancelled) }
    let inApp = !sentToTheSystem && passed.host != nil
    let outcome = await nearest.present(url, from: passed.host, inApp: inApp, judged: judged, system: system)
    ChainLog.presentation.debug(outcome.logDescription, url: url, "")
    return outcome.decision
  }

  /// What ``decide(_:passed:origin:sentToTheSystem:application:)`` would do with `url`, found without waiting
  /// and without doing it: a long press's preview. A remote list answers from the list held
  /// now; a declaration above the nearest whose fetched list is not held yet may block the
  /// link once it is, so nothing is previewed in-app.
  ///
  /// - Returns: Where a tap would open `url`, and the checked URL a preview shows in-app, set
  ///   exactly when that is in-app.
  static func preview(
    _ url: URL, passed: ChainEndRecord, origin: PropagationOrigin, sentToTheSystem: Bool
  ) -> (destination: LinkDestination, inApp: InAppBrowserURL?) {
    if let refusal = gone(passed, origin: origin) { return (.discarded(reason: refusal), nil) }
    var outerListsAreHeld = true
    for policy in passed.outer.flatMap(\.policies) {
      if let refusal = policy.refusal(for: url, judged: nil) { return (.discarded(reason: refusal), nil) }
      if policy.list?.holdsList?() == false { outerListsAreHeld = false }
    }
    let policy = passed.nearest?.policy ?? LinkPolicy()
    // In-app as a tap would show it: from a host that can present now (not one going away).
    let inApp =
      passed.nearest != nil && outerListsAreHeld && !sentToTheSystem
      && passed.host?.hostPresentingNow != nil
    let answer = policy.destination(for: url, inApp: inApp, judged: nil)
    guard case .inApp = answer,
      case .success(let eligible) = URLSafety.check(url, permittedPorts: policy.permittedPorts)
    else { return (answer, nil) }
    return (answer, InAppBrowserURL(eligible))
  }

  /// Why the end cannot decide with what the walk recorded, or `nil`: the link's view, or
  /// the declaration nearest it, went away while a handler waited.
  private static func gone(_ passed: ChainEndRecord, origin: PropagationOrigin) -> String? {
    if origin.node == nil { return "the link's view is gone" }
    if passed.declared, passed.nearest == nil { return "the declaration nearest the link is gone" }
    return nil
  }

  /// Why a walk that ended while the end waited opens nothing.
  static let cancelled = "cancelled before it opened"
}
