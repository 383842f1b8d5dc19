public import URLResponderChainCore
public import URLResponderChainErrorHandling

/// Runs failed network operations through the three recoveries: server error or timeout
/// (Retry/Cancel), offline (resubmits by itself when the network returns) and not
/// authenticated (sign in, then resubmit) — command dispatch with exception listeners, where
/// the listeners are `ErrorHandler`s up the responder chain.
///
/// ```swift
/// // At launch, on Apple platforms:
/// // RecoveryCoordinator.shared.connectivity = NetworkPathMonitor()
///
/// // Anywhere a responder loads data:
/// extension DocumentViewController {
///   func loadItems() async throws -> [Item] {
///     try await runRecovering {
///       let (data, response) = try await URLSession.shared.data(for: request)
///       try HTTPStatusError.check(response)
///       return try JSONDecoder().decode([Item].self, from: data)
///     }
///   }
/// }
/// ```
///
/// The first failure of a kind reports its error (``ServerFailureError``, ``OfflineError`` or
/// ``SignInRequiredError``) from the given responder; every operation that fails the same way
/// while it is pending waits on that one prompt, and all retry or fail together. The three
/// kinds are independent: an offline prompt and a sign-in may be pending at once.
@MainActor
public final class RecoveryCoordinator {
  /// One coordinator for the app, so every failure of a kind shares one prompt.
  ///
  /// This is deliberate shared state: the coordinator exists so that a failure seen by
  /// several screens at once asks the person once, which only one instance for the whole app
  /// can do. It is isolated to the main actor. Code that wants its own passes an instance
  /// instead (`LinkPolicy(inApp:recovery:)`, ``run(reportingFrom:classifier:text:_:)``
  /// on it); tests do.
  public static let shared = RecoveryCoordinator()

  /// Reports when the network comes back, so offline recoveries end by themselves. Without
  /// one, an offline recovery waits for Retry or Cancel like a server error.
  public var connectivity: (any ConnectivityMonitor)? {
    didSet { observeConnectivity() }
  }

  private var pending: [RecoveryKind: PendingRecovery] = [:]
  private var observation: ConnectivityObservation?
  private var wasConnected = true
  /// How many times the network has come back; an operation that started before the latest
  /// return and failed offline is retried at once rather than waiting for the next.
  private(set) var reconnections = 0

  /// Creates a coordinator (tests make their own; apps usually use ``shared``).
  public init(connectivity: (any ConnectivityMonitor)? = nil) {
    self.connectivity = connectivity
    observeConnectivity()
  }

  deinit {
    // A coordinator other than `shared` stops observing its monitor when it goes.
    Task { @MainActor [observation] in observation?.cancel() }
  }

  /// Whether a recovery of `kind` is waiting for its end.
  public func isRecovering(_ kind: RecoveryKind) -> Bool { pending[kind] != nil }

  /// How many operations wait on the recovery of `kind`, for a prompt that says so
  /// ("3 changes will be sent when you're back online").
  public func waitingOperations(for kind: RecoveryKind) -> Int { pending[kind]?.waitingOperations ?? 0 }

  /// Returns once `count` operations wait on the pending recovery of `kind` (at once when
  /// they do, or when none is pending): for tests that must know every failure has joined
  /// the prompt before they end it.
  package func untilWaitingOperations(_ count: Int, for kind: RecoveryKind) async {
    await pending[kind]?.untilJoined(count)
  }

  /// Returns once the pending recovery of `kind` ends (at once when none is pending), with
  /// how it ended: for tests whose operation stops waiting where they cannot see it.
  package func untilResolved(_ kind: RecoveryKind) async -> RecoveryChoice? {
    await pending[kind]?.wait()
  }

  /// Returns once the pending recovery of `kind` learnt that its prompt went away (at once
  /// when it has, or when none is pending): for tests that let go of a prompt.
  package func untilPromptReleased(for kind: RecoveryKind) async {
    await pending[kind]?.untilPromptReleased()
  }

  // MARK: - Running operations

  /// Runs `operation`; when it throws a failure `classifier` calls recoverable, reports the
  /// kind's error from `node` (or joins the prompt already pending for that kind), and runs it
  /// again if the recovery ends with retry.
  ///
  /// - Parameters:
  ///   - node: Where the prompt starts up the chain: the responder doing the work.
  ///   - classifier: Which failures are recoverable, and how. ``RecoveryClassifier/standard`` by default.
  ///   - text: The prompt's words for each kind. ``RecoveryPromptText/standard(for:)`` by default.
  ///   - operation: The work; read credentials inside it, so a retry after sign-in uses the fresh ones.
  /// - Returns: What the operation returned, on its first success.
  /// - Throws: A failure that is not recoverable, as thrown; the failure that started the
  ///   recovery when it ends with cancel, or when the operation is refused again right after a
  ///   sign-in; `CancellationError` when the calling task is cancelled.
  public func run<Value>(
    reportingFrom node: any ResponderChainNode,
    classifier: RecoveryClassifier = .standard,
    text: (RecoveryKind, any Error) -> RecoveryPromptText = { kind, _ in .standard(for: kind) },
    _ operation: () async throws -> sending Value
  ) async throws -> sending Value {
    var signedIn = false
    while true {
      let reconnectionsAtStart = reconnections
      let failure: any Error
      do {
        return try await operation()
      } catch {
        failure = error
      }
      if Task.isCancelled { throw failure is CancellationError ? failure : CancellationError() }
      guard let kind = classifier.kind(of: failure, isConnected: connectivity?.isConnected),
        kind != .notAuthenticated || !signedIn
      else { throw failure }
      let choice = await recover(
        from: failure, kind: kind, reportingFrom: node, text: text(kind, failure),
        reconnectionsAtStart: reconnectionsAtStart)
      if Task.isCancelled { throw CancellationError() }
      guard choice == .retry else { throw failure }
      if kind == .notAuthenticated { signedIn = true }
    }
  }

  /// Reports `failure` as `kind` from `node` unless a recovery of that kind is already pending,
  /// and returns how the recovery ended.
  ///
  /// Use it when the operation is not a throwing closure; ``run(reportingFrom:classifier:text:_:)``
  /// is simpler otherwise.
  ///
  /// - Returns: `RecoveryChoice.cancel` when no `ErrorHandler` handled the error, when the
  ///   handler let go of it unanswered (server error, sign-in), or when the waiting task was
  ///   cancelled.
  public func recover(
    from failure: any Error, kind: RecoveryKind, reportingFrom node: any ResponderChainNode,
    text: RecoveryPromptText? = nil
  ) async -> RecoveryChoice {
    await recover(
      from: failure, kind: kind, reportingFrom: node, text: text ?? .standard(for: kind),
      reconnectionsAtStart: reconnections)
  }

  func recover(
    from failure: any Error, kind: RecoveryKind, reportingFrom node: any ResponderChainNode,
    text: RecoveryPromptText, reconnectionsAtStart: Int
  ) async -> RecoveryChoice {
    // The network came back while the operation ran: its failure is stale, one retry is due.
    if kind == .offline, reconnections != reconnectionsAtStart { return .retry }
    if let recovery = pending[kind] {
      recovery.join()
      return await recovery.choiceForJoinedOperation()
    }
    let recovery = PendingRecovery(endsByItself: kind == .offline && connectivity != nil)
    pending[kind] = recovery
    recovery.join()  // before reporting: handlers may take their time, and others may join and leave meanwhile
    recovery.whenResolved { [weak self, weak recovery] _ in
      if let self, let recovery, self.pending[kind] === recovery { self.pending[kind] = nil }
    }
    if await !report(failure, kind: kind, text: text, recovery: recovery, from: node) {
      recovery.resolve(.cancel)
    }
    return await recovery.choiceForJoinedOperation()
  }

  /// Reports the kind's error; the error is not kept here, so only handlers hold its prompt.
  private func report(
    _ failure: any Error, kind: RecoveryKind, text: RecoveryPromptText, recovery: PendingRecovery,
    from node: any ResponderChainNode
  ) async -> Bool {
    let prompt = RecoveryPrompt(title: text.title, message: text.message, underlyingError: failure, recovery: recovery)
    let error: any RecoveryPromptError =
      switch kind {
      case .serverError: ServerFailureError(prompt)
      case .offline: OfflineError(prompt)
      case .notAuthenticated: SignInRequiredError(prompt)
      }
    return await node.reportError(error)
  }

  // MARK: - Connectivity

  private func observeConnectivity() {
    observation?.cancel()
    observation = nil
    wasConnected = connectivity?.isConnected ?? true
    observation = connectivity?.observe { [weak self] connected in self?.connectivityChanged(connected) }
  }

  /// Acts on the network's return only, once per return, however often the monitor repeats itself.
  private func connectivityChanged(_ connected: Bool) {
    defer { wasConnected = connected }
    guard connected, !wasConnected else { return }
    reconnections += 1
    pending[.offline]?.resolve(.retry)
  }
}

extension ResponderChainNode {
  /// Runs `operation` under `coordinator`'s recoveries, with prompts reported from this responder.
  ///
  /// ```swift
  /// extension DocumentViewController {
  ///   func loadProfile() async throws -> String {
  ///     try await runRecovering { try await api.profile() }
  ///   }
  /// }
  /// ```
  ///
  /// See ``RecoveryCoordinator/run(reportingFrom:classifier:text:_:)``.
  public func runRecovering<Value>(
    using coordinator: RecoveryCoordinator = .shared,
    classifier: RecoveryClassifier = .standard,
    _ operation: () async throws -> sending Value
  ) async throws -> sending Value {
    try await coordinator.run(reportingFrom: self, classifier: classifier, operation)
  }
}
