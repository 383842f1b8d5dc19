import Foundation

/// One propagation's state, as a value, and its step function.
///
/// The state is what a walk knows: the URL as the handlers left it, the hop, whether a handler
/// sent the link to the system, the trace, the nodes it visited and holds, and what the
/// chain's end decides with (``ChainEndRecord``). The step, ``walk(from:isEnded:)``, goes up
/// the chain from a node as far as it can without waiting: it passes nodes, records what the
/// end needs, and asks every ``URLHandler``. It stops at an ``AsyncURLHandler`` (the caller
/// awaits it and applies its answer with ``apply(_:by:)``), at the chain's end once the chain
/// ran out past the application, or when an answer ends the walk.
///
/// Two callers run it: ``PropagationWalk`` (a tap: tasks, timeouts, waiters) and ``LinkDryRun``
/// (a long press: the same step, with nothing awaited and nothing performed). Tested without
/// tasks (`WalkStateTests`).
///
/// Not copyable: it holds the nodes it passed since the walk last waited (``HeldNodes``).
@MainActor
struct WalkState: ~Copyable {
  /// Where a run of the step stopped.
  enum Stop {
    /// At a handler to await, or at the chain's end.
    case awaiting(Awaited)
    /// An answer ended the walk, or the chain ran out with no application on the way.
    case finished(URLPropagationResult.Outcome)
    /// The app's code that the step ran (a handler, a node's `nextNode`) ended the walk
    /// meanwhile, by cancelling it: the trace ends at the node whose code did.
    case ended
  }

  /// What a walk stopped at to await.
  enum Awaited {
    /// A handler that must be awaited.
    case handler(any AsyncURLHandler)
    /// The application the walk passed: the chain ran out past it (its delegate was asked),
    /// and the end decides (``ChainEnd``).
    case chainEnd(any SystemURLOpener)

    /// The node the trace records for the answer.
    var node: any ResponderChainNode {
      switch self {
      case .handler(let handler): handler
      case .chainEnd(let application): application
      }
    }
  }

  /// Where the propagation began; shared with every context handed out.
  let origin: PropagationOrigin
  /// The URL as the handlers so far left it.
  private(set) var url: URL
  /// The hop of the node visited last: 0 for the origin, -1 before any.
  private(set) var hop = -1
  /// Whether a handler answered ``URLHandlingDecision/systemAction``: no handler is asked
  /// after it, and the end never shows the link in-app.
  private(set) var onlyTheSystem = false
  /// One entry per node visited, in order.
  private(set) var trace: [URLPropagationStep] = []
  /// When the last handler answered, or the walk began: each answer's step records the time since.
  private var lastTick: UInt64
  /// The nodes visited, and those passed since the walk last waited, which it keeps alive
  /// until it waits or ends (``VisitedNodes`` says why).
  private(set) var visited = VisitedNodes()
  var held = HeldNodes()
  /// What the chain's end decides with, recorded on the way up.
  private(set) var passed = ChainEndRecord()
  /// Whether the end was asked: after it, the walk ends.
  private(set) var askedTheEnd = false
  /// The kinds of the node classes met last, each looked up once (``NodeKindCache``).
  private(set) var kinds = NodeKindCache.recent
  /// The open signpost of the handler being asked, when Instruments listens.
  var handlerInterval: SignpostInterval?
  private let signposting: Bool

  init(origin: PropagationOrigin, at tick: UInt64, signposting: Bool) {
    self.origin = origin
    self.url = origin.originalURL
    self.lastTick = tick
    self.signposting = signposting
  }

  /// The context a handler asked at the current hop is given.
  var context: URLHandlingContext { URLHandlingContext(origin: origin, hop: hop) }

  /// Takes the trace out of the state (the walk's result keeps it).
  mutating func takeTrace() -> [URLPropagationStep] {
    var taken: [URLPropagationStep] = []
    swap(&taken, &trace)
    return taken
  }

  /// Hands the held nodes over, for the walk to let go of: it is about to wait, and while a
  /// handler takes its time, the nodes below it can go away. They are remembered weakly (a
  /// loop back to one is seen) unless the walk waits for the chain's end, after which it
  /// visits no node: a weak reference to each node of a screen is most of what waiting for
  /// the end on the `Task {}` path costs.
  mutating func letGoOfHeldNodes() -> HeldNodes {
    if !askedTheEnd { visited.remember(held) }
    var nodes = HeldNodes()
    swap(&nodes, &held)
    return nodes
  }

  /// Walks from `start` while each node is passed or answers at once.
  ///
  /// - Parameter isEnded: Whether the walk ended meanwhile (a handler or a node's `nextNode`
  ///   cancelled it); asked after each call into the app's code.
  mutating func walk(from start: any ResponderChainNode, isEnded: () -> Bool) -> Stop {
    var cursor: (any ResponderChainNode)? = start
    // `take()` moves each node out of the cursor: the walk holds one reference per node, the
    // one `nextNode` returned, and moves it into `held` when the node's turn is over. A handler
    // is kept through its cast: the cast takes the node's reference instead of retaining it.
    while let node = cursor.take() {
      let nodeID = ObjectIdentifier(node)
      let nodeType = type(of: node)
      let typeID = ObjectIdentifier(nodeType)
      hop &+= 1
      guard visited.insert(nodeID, held: held) else { break }
      let kind = kinds.kind(of: nodeType, id: typeID)
      if !kind.isEmpty {
        if !kind.isDisjoint(with: .recorded), recordForTheEnd(node, kind) {
          // The application: passed without a step, and asked last (its step comes then).
          cursor = node.nextNode
          held.append(consume node)
          if isEnded() { return .ended }
          continue
        }
        if kind.contains(.answersAtOnce), !onlyTheSystem, let handler = node as? any URLHandler {
          // The app's code just run (a declaration's getters) may have ended the walk: a
          // handler is never asked after that.
          if isEnded() { return .ended }
          #if DEBUG
            if kind.contains(.awaited) { Self.reportBothHandlerProtocols(nodeType) }
          #endif
          if signposting { beginHandlerInterval(handler) }
          let decision = handler.handleURL(url, context: context)
          // Ended while it answered (cancelled through a propagation that joined it): its
          // answer no longer counts, and the trace ends at it, unanswered.
          if isEnded() { return endedMeanwhile(in: handler) }
          if let outcome = apply(decision, by: handler) {
            // Held until the walk finishes: let go of here, a handler's last owner could be
            // its `deinit`, which may cancel the walk it just ended.
            held.append(consume handler)
            return .finished(outcome)
          }
          cursor = handler.nextNode
          held.append(consume handler)
          if isEnded() { return .ended }
          continue
        }
        if kind.contains(.awaited), !onlyTheSystem, let handler = node as? any AsyncURLHandler,
          !Self.onlyDeclares(handler)
        {
          if isEnded() { return .ended }
          if signposting { beginHandlerInterval(handler) }
          return .awaiting(.handler(handler))
        }
      }
      trace.append(URLPropagationStep(node: node, nodeID: nodeID, nodeType: nodeType, decision: nil, nanoseconds: 0))
      cursor = node.nextNode
      held.append(consume node)
      if isEnded() { return .ended }
    }
    return ranOut()
  }

  /// Where the walk goes once the chain ran out (or looped back): to the end, if it passed an
  /// application that is still there and was not asked yet; otherwise nobody handled the link.
  mutating func ranOut() -> Stop {
    guard !askedTheEnd, let application = passed.application else { return .finished(.notHandled) }
    askedTheEnd = true
    if signposting { beginHandlerInterval(application) }
    return .awaiting(.chainEnd(application))
  }

  /// Adds an answer to the trace and applies it: a rewrite goes on with its URL, and
  /// `.systemAction` leaves only the end to decide.
  ///
  /// - Returns: How the walk ends, when the answer ends it; `nil` when it goes on.
  mutating func apply(_ decision: URLHandlingDecision, by node: AnyObject) -> URLPropagationResult.Outcome? {
    if let interval = handlerInterval {
      ChainLog.propagation.endInterval("handler", interval, decision.logDescription)
      handlerInterval = nil
    }
    let tick = MonotonicClock.now()
    trace.append(
      URLPropagationStep(
        node: node, nodeID: ObjectIdentifier(node), nodeType: type(of: node), decision: decision,
        nanoseconds: tick &- lastTick))
    lastTick = tick
    switch decision {
    case .notHandled: return nil
    case .rewrite(let rewritten):
      url = rewritten
      return nil
    case .handled: return .handled
    case .discarded(let reason): return .discarded(reason: reason)
    case .systemAction:
      onlyTheSystem = true
      return nil
    }
  }

  /// Records what the end needs from `node`, a node of `kind`: its declaration, the nearest
  /// presentation host and scene, the application.
  ///
  /// - Returns: Whether `node` is the application, passed now and asked last.
  private mutating func recordForTheEnd(_ node: any ResponderChainNode, _ kind: NodeKind) -> Bool {
    if kind.contains(.declares), let presenter = (node as? any LinkPresenting)?.linkPresenter {
      passed.record(presenter)
    }
    if kind.contains(.window), let presenter = (node as? any SceneDeclaring)?.sceneLinkPresenter {
      passed.record(presenter)
    }
    if kind.contains(.host), passed.host == nil { passed.host = node as? any PresentationHost }
    if kind.contains(.sceneMember), passed.scene == nil { passed.scene = (node as? any SceneMember)?.sceneURLOpener }
    guard kind.contains(.application), !passed.passedApplication else { return false }
    passed.passedApplication = true
    passed.application = node as? any SystemURLOpener
    return true
  }

  /// Ends the run because `handler`'s own code ended the walk: its step is in the trace, with
  /// no answer, as a handler given up is.
  private mutating func endedMeanwhile(in handler: any ResponderChainNode) -> Stop {
    let now = MonotonicClock.now()
    let pending = PendingHandler(
      nodeID: ObjectIdentifier(handler), nodeType: type(of: handler), startedAt: lastTick, askedAt: .zero)
    trace.append(URLPropagationStep(pending: pending, nanoseconds: now &- lastTick))
    return .ended
  }

  /// Whether `handler` is a view's modifier that only declares (where links open, how errors
  /// show) and answers nothing: it is passed, by a tap as by a long press.
  private static func onlyDeclares(_ handler: any AsyncURLHandler) -> Bool {
    guard let view = handler as? ViewLinkHandler else { return false }
    return view.decide == nil
  }

  private mutating func beginHandlerInterval(_ handler: any ResponderChainNode) {
    handlerInterval = ChainLog.propagation.beginInterval(
      "handler", id: origin, String(describing: type(of: handler)))
  }

  /// Says, in a debug build, that a node of `type` conforms to both handler protocols: a walk
  /// asks its `handleURL(_:context:)` and never its `decideURL(_:context:)`, which a reader of
  /// the class would not guess.
  @inline(never)
  private static func reportBothHandlerProtocols(_ type: any ResponderChainNode.Type) {
    ChainLog.propagation.log(
      .error,
      "\(type) conforms to both URLHandler and AsyncURLHandler: walks ask its handleURL(_:context:) "
        + "and never its decideURL(_:context:); conform to one")
  }
}
