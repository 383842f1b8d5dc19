public import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// Delivers links that open the app (universal links, the app's scheme, Handoff,
/// notifications) up the same responder chain as tapped links, starting at the screen the
/// user sees, so that screen decides first and the root decides last.
///
/// ```swift
/// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///   var links: InboundLinkDispatcher?
///
///   func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     guard let windowScene = scene as? UIWindowScene else { return }
///     links = try? InboundLinkDispatcher(
///       scene: windowScene, configuration: .init(associatedDomains: ["example.com"], customSchemes: ["myapp"]))
///     links?.receive(options)
///   }
///
///   func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///     links?.receive(contexts)
///   }
/// }
/// ```
///
/// - Links are checked first: `https` only for one of the app's associated domains, or one of
///   its custom schemes, with the same safety rules as tapped links. Anything else is refused
///   before a handler sees it.
/// - The chain starts at the top-most visible screen of the scene's key window: presented
///   view controllers (never one being presented or dismissed), then each container's
///   visible child. The system browser at the end of the chain passes inbound links on; a
///   link nobody handles goes to ``InboundLinkConfiguration/whenUnhandled``.
/// - Links that arrive before the scene has a root view controller are queued and delivered
///   in arrival order by ``deliverQueuedLinks()``. A link that arrives during a modal
///   presentation or dismissal, or while another link is being decided, waits until it ends.
///   One link is delivered at a time.
/// - The queue's bound: whenever the scene has no window to show links in (before it has
///   one, or after it went), at most ``InboundLinkConfiguration/queueLimit`` links wait, and
///   the oldest beyond it end `.discarded`. While a window shows a screen, waiting links are
///   never dropped.
/// - A scene that goes away (it is released, or disconnects) ends every link waiting for it,
///   `.discarded` with a reason; so does a dispatcher that goes away.
/// - Every call of ``open(_:source:)`` gets exactly one result. The dispatcher holds the
///   scene weakly and no responder beyond a propagation.
@MainActor
public final class InboundLinkDispatcher {
  /// The configuration this dispatcher was created with.
  public let configuration: InboundLinkConfiguration
  private let associatedDomains: [URLPattern]
  private weak var sceneReference: (any InboundLinkScene)?
  private var queue: [Pending] = []
  private var nextID = 0
  private var isDelivering = false
  /// Whether a scene was ever given: until then a missing scene is one still to be attached,
  /// and links wait for it; after, it is one that went away, and links end.
  private var hasHadScene = false
  /// The task delivering the queue, while one runs or since the last one ended: a test
  /// awaits it to know the dispatcher looked at its scene.
  package private(set) var delivery: Task<Void, Never>?

  private struct Pending: Sendable {
    let id: Int
    let url: URL
    let source: InboundLinkSource
    let completion: @MainActor (InboundLinkResult) -> Void
    /// Set at once by a cancellation of the caller's task, from whatever thread cancels it:
    /// a link cancelled in the same main-actor turn as the end of the transition it waits
    /// for is then never delivered, whichever of the two jobs runs first.
    var isCancelled: LockedValue<Bool>?

    /// Ends the link without delivering it.
    @MainActor func end(_ outcome: URLPropagationResult.Outcome) {
      completion(InboundLinkResult(url: url, source: source, outcome: outcome, propagation: nil))
    }
  }

  /// Creates a dispatcher for `scene`.
  ///
  /// - Parameters:
  ///   - scene: The scene links are delivered into, held weakly; `nil` until ``attach(_:)``.
  ///   - configuration: Associated domains, custom schemes, queue bound, last handler.
  /// - Throws: ``InboundLinkConfigurationError`` for an associated domain that is not a host
  ///   or `*.` host pattern, a custom scheme that is not valid, or a queue limit below 1.
  public init(
    scene: (any InboundLinkScene)?, configuration: InboundLinkConfiguration
  ) throws(InboundLinkConfigurationError) {
    var domains: [URLPattern] = []
    for entry in configuration.associatedDomains {
      var domain = Substring(entry)
      if domain.hasPrefix("applinks:") { domain = domain.dropFirst("applinks:".count) }
      if let query = domain.firstIndex(of: "?") { domain = domain[..<query] }
      do throws(URLPatternError) {
        let pattern = try URLPattern(String(domain))
        guard pattern.scheme == nil, pattern.port == nil, pattern.path == nil else {
          throw .invalidPath("an associated domain is a host or *.host only")
        }
        domains.append(pattern)
      } catch {
        throw .invalidAssociatedDomain(entry, error.description)
      }
    }
    // The first invalid scheme in name order, so that the error is the same every run.
    var invalid: (scheme: String, problem: String)?
    for scheme in configuration.customSchemes {
      guard let problem = AppURLScheme.problem(with: scheme), invalid.map({ scheme < $0.scheme }) ?? true else {
        continue
      }
      invalid = (scheme, problem)
    }
    if let invalid { throw .invalidCustomScheme(invalid.scheme, invalid.problem) }
    guard configuration.queueLimit >= 1 else { throw .invalidQueueLimit(configuration.queueLimit) }
    self.configuration = configuration
    self.associatedDomains = domains
    self.sceneReference = scene
    if let scene {
      hasHadScene = true
      observeDisconnection(of: scene)
    }
  }

  /// Ends every link still queued when the dispatcher goes away, `.discarded` with a
  /// reason: each `open` and `receive` gets exactly one result, this one included.
  deinit {
    let stranded = queue
    guard !stranded.isEmpty else { return }
    Task { @MainActor in
      for pending in stranded { pending.end(.discarded(reason: "the link dispatcher went away")) }
    }
  }

  /// The scene links are delivered into, if it still exists.
  public var scene: (any InboundLinkScene)? { sceneReference }

  /// The number of links waiting for the scene.
  public var queuedLinkCount: Int { queue.count }

  /// Sets the scene (held weakly) and delivers any queued links.
  public func attach(_ scene: any InboundLinkScene) {
    sceneReference = scene
    hasHadScene = true
    observeDisconnection(of: scene)
    deliverQueuedLinks()
  }

  /// Attaches `scene` when the dispatcher has none: what a SwiftUI view does when it joins a
  /// window (`deliversInboundLinks(to:)`), so that a dispatcher keeps the first scene it is
  /// shown in, and takes the next one only once that one went away.
  package func attachUnlessAttached(_ scene: any InboundLinkScene) {
    guard sceneReference == nil else { return }
    attach(scene)
  }

  /// Ends the waiting links once `scene` disconnects or goes away, if it says when
  /// (`UIWindowScene` and `TestScene` do).
  private func observeDisconnection(of scene: any InboundLinkScene) {
    guard let reporting = scene as? any DisconnectionReporting else { return }
    let id = ObjectIdentifier(scene)
    reporting.whenDisconnected { [weak self] in self?.sceneDisconnected(id) }
  }

  /// The scene at `id` went away: nothing can show the waiting links any more.
  private func sceneDisconnected(_ id: ObjectIdentifier) {
    if let scene = sceneReference {
      guard ObjectIdentifier(scene) == id else { return }  // another scene was attached since
      sceneReference = nil
    }
    // The link being delivered ends by itself; every other waiting one ends now.
    endQueuedLinks(reason: "the scene went away")
  }

  /// Ends every queued link, `.discarded` for `reason`.
  private func endQueuedLinks(reason: String) {
    let ended = queue
    queue = []
    for pending in ended { pending.end(.discarded(reason: reason)) }
  }

  /// Drops the oldest queued links beyond the bound: called while the scene has no window.
  private func keepWithinBound() {
    while queue.count > configuration.queueLimit {
      let dropped = queue.removeFirst()
      let reason = "more than \(configuration.queueLimit) links waited for a window"
      ChainLog.inbound.log(.error, "inbound link dropped: \(URLRedaction(dropped.url)) \(reason)")
      dropped.end(.discarded(reason: reason))
    }
  }

  /// Delivers the queued links, in arrival order, if the scene now has a root view
  /// controller. Call it once the window is set up; the scene adapters do.
  public func deliverQueuedLinks() {
    guard !isDelivering, !queue.isEmpty else { return }
    isDelivering = true
    delivery = Task { await deliverInOrder() }
  }

  /// Checks an inbound link and delivers it up the chain from the screen the user sees.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: How it reached the app.
  /// - Returns: How it ended, exactly once: at once when refused, otherwise after it was
  ///   delivered (perhaps after the scene got its window or a transition ended), dropped, or
  ///   cancelled because the calling task was cancelled while the link waited.
  @discardableResult
  public func open(_ url: URL, source: InboundLinkSource) async -> InboundLinkResult {
    if Task.isCancelled { return InboundLinkResult(url: url, source: source, outcome: .cancelled, propagation: nil) }
    let id = LockedValue<Int?>(nil)
    let isCancelled = LockedValue(false)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        id.withLock {
          $0 = enqueue(url, source: source, isCancelled: isCancelled) { continuation.resume(returning: $0) }
        }
      }
    } onCancel: {
      isCancelled.withLock { $0 = true }
      Task { @MainActor in
        if let queued = id.withLock({ $0 }) { self.cancelQueued(queued) }
      }
    }
  }

  /// Checks an inbound link and queues it for delivery, without waiting: the form scene
  /// delegate callbacks use. Links received one after another are delivered in that order.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: How it reached the app.
  ///   - completion: Called exactly once with how it ended (at once when refused or when it
  ///     pushed the oldest queued link out, which gets `.dropped`).
  public func receive(
    _ url: URL, source: InboundLinkSource, completion: @escaping @MainActor (InboundLinkResult) -> Void = { _ in }
  ) {
    enqueue(url, source: source, completion: completion)
  }

  /// Refuses `url` at once, or queues it and returns its queue id.
  @discardableResult
  private func enqueue(
    _ url: URL, source: InboundLinkSource, isCancelled: LockedValue<Bool>? = nil,
    completion: @escaping @MainActor (InboundLinkResult) -> Void
  ) -> Int? {
    if let reason = refusal(of: url) {
      ChainLog.inbound.log(.info, "inbound \(source.rawValue) link refused: \(URLRedaction(url)) \(reason)")
      completion(InboundLinkResult(url: url, source: source, outcome: .discarded(reason: reason), propagation: nil))
      return nil
    }
    let id = nextID
    nextID += 1
    queue.append(Pending(id: id, url: url, source: source, completion: completion, isCancelled: isCancelled))
    // The bound holds while nothing can show the links (before the window, or after it
    // went), where they could pile up. Once the scene shows a screen, a waiting link is
    // behind a transition or a slower link and will be delivered: it is never dropped.
    if scene?.rootHost == nil { keepWithinBound() }
    deliverQueuedLinks()
    return id
  }

  // MARK: - Checks

  /// Why `url` may not enter the chain, or `nil`.
  func refusal(of url: URL) -> String? {
    let scheme = url.scheme?.lowercased() ?? ""
    if scheme == "https" {
      switch URLSafety.check(url) {
      case .failure(let refusal): return "unsafe link: \(refusal)"
      case .success(let eligible):
        guard associatedDomains.contains(where: { $0.match(eligible) != nil }) else {
          return "\(eligible.host) is not one of the app's associated domains"
        }
        return nil
      }
    }
    guard configuration.customSchemes.contains(scheme) else {
      return "scheme \"\(String(scheme.prefix(40)))\" is neither https nor one of the app's own"
    }
    switch URLSafety.check(url, customSchemes: configuration.customSchemes) {
    case .failure(let refusal): return "unsafe link: \(refusal)"
    case .success: return nil
    }
  }

  // MARK: - Delivery

  private func cancelQueued(_ id: Int) {
    guard let index = queue.firstIndex(where: { $0.id == id }) else { return }
    queue.remove(at: index).end(.cancelled)
  }

  private func deliverInOrder() async {
    defer { isDelivering = false }
    while !queue.isEmpty {
      guard let scene else {
        // Not attached yet: the links wait for `attach(_:)`, within the bound.
        return hasHadScene ? endQueuedLinks(reason: "the scene went away") : keepWithinBound()
      }
      guard let root = scene.rootHost else { return keepWithinBound() }  // deliverQueuedLinks() resumes
      switch root.visibleScreen {
      case .transitioning:
        await scene.transitionsEnded()
      case .host(let host):
        let pending = queue.removeFirst()
        if pending.isCancelled?.withLock({ $0 }) == true {
          pending.end(.cancelled)
          continue
        }
        let result = await deliver(pending.url, source: pending.source, from: host)
        pending.completion(result)
      }
    }
  }

  private func deliver(_ url: URL, source: InboundLinkSource, from host: any PresentationHost) async
    -> InboundLinkResult
  {
    guard let start = host as? any ResponderChainNode else {
      return InboundLinkResult(
        url: url, source: source, outcome: .discarded(reason: "the visible screen is not a responder"), propagation: nil
      )
    }
    var options = configuration.propagation
    options.inboundSource = source
    options.joinsIdenticalPropagations = false
    let propagation = await start.propagateURL(url, options: options)
    var outcome = propagation.outcome
    if outcome == .notHandled, let refusal = Self.refusal(in: propagation) ?? rewriteRefusal(of: propagation, from: url)
    {
      // A screen's refusal, or a link the door would not let in: the last handler is not
      // asked, since it could route it in-app.
      ChainLog.inbound.log(.info, "inbound \(source.rawValue) link ended: \(URLRedaction(url)) \(refusal)")
      outcome = .discarded(reason: refusal)
    } else if outcome == .notHandled {
      let decision = configuration.whenUnhandled(propagation.url, source)
      // The decision's reason is the app's text and may quote the URL: it is not logged.
      ChainLog.inbound.log(
        .info, "inbound \(source.rawValue) link unhandled: \(URLRedaction(url)); the last handler decided")
      switch decision {
      case .handled: outcome = .handled
      case .discarded(let reason): outcome = .discarded(reason: reason)
      }
    }
    return InboundLinkResult(url: url, source: source, outcome: outcome, propagation: propagation)
  }

  /// Why a screen refused the link: it answered `.systemAction`, which promises that no
  /// in-app presenter shows it, and an inbound link never goes to the system.
  private static func refusal(in propagation: URLPropagationResult) -> String? {
    guard let step = propagation.trace.first(where: { if case .systemAction? = $0.decision { true } else { false } })
    else { return nil }
    return "\(step.nodeName) sent it to the system, where an inbound link never goes"
  }

  /// Why the URL a screen rewrote the link to is one the door refuses (checked as the link
  /// itself was), or `nil`.
  private func rewriteRefusal(of propagation: URLPropagationResult, from url: URL) -> String? {
    guard propagation.url != url, let reason = refusal(of: propagation.url) else { return nil }
    return "it was rewritten to a link the app does not take (\(reason))"
  }
}
