public import Foundation

/// The ready building block for a ``URLHandler`` that defers on a ``RemoteAllowlist``.
///
/// Allowed URLs go to the app's in-app action and are handled; URLs a deny rule matches are
/// blocked; URLs the list does not allow are passed on (to the system browser, by default)
/// or blocked. When no valid list can be had, the
/// configuration's ``RemoteAllowlistConfiguration/UnavailablePolicy`` decides: failing
/// closed reports a ``RemoteAllowlistUnavailableError`` (retry / cancel) up the chain and
/// waits for the choice; other links that fail the same way meanwhile wait on that same
/// choice.
///
/// ```swift
/// extension TopicViewController: URLHandler {
///   func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///     await gate.decide(url, from: self) { url in
///       self.present(SFSafariViewController(url: url), animated: true)
///     }
///   }
/// }
/// ```
@MainActor
public struct RemoteAllowlistGate {
  /// What happens to a URL the list refuses.
  public enum WhenRefused: Sendable {
    /// Pass it on up the chain (``URLHandlingDecision/notHandled``): the system browser opens it.
    /// URLs that a deny rule matches are blocked whatever this says.
    case passOn
    /// Block it (``URLHandlingDecision/discard(reason:)``).
    case block
  }

  /// The list consulted.
  public let allowlist: RemoteAllowlist
  /// What happens to refused URLs.
  public var whenRefused: WhenRefused
  /// Shares recoveries between handlers.
  public var recovery: RecoveryCoordinator

  /// Creates a gate.
  public init(allowlist: RemoteAllowlist, whenRefused: WhenRefused = .passOn, recovery: RecoveryCoordinator = .shared) {
    self.allowlist = allowlist
    self.whenRefused = whenRefused
    self.recovery = recovery
  }

  /// Checks `url` and decides, opening it with `open` when the list allows it.
  ///
  /// - Parameters:
  ///   - url: The URL being handled.
  ///   - node: The handler, where a recoverable failure is reported from.
  ///   - open: The app's in-app action for allowed URLs.
  /// - Returns: `.handled` after `open`; `.notHandled` or `.discard` otherwise.
  public func decide(
    _ url: URL,
    from node: any ResponderChainNode,
    open: @MainActor (URL) -> Void
  ) async -> URLHandlingDecision {
    await decide(url, from: node) { url in
      open(url)
      return .handled
    }
  }

  /// Checks `url` and decides; when the list allows it, `present` decides what happens
  /// (for example a ``LinkPresenter``'s outcome).
  ///
  /// ```swift
  /// await gate.decide(url, from: self) { await presenter.present($0, from: self).decision }
  /// ```
  public func decide(
    _ url: URL,
    from node: any ResponderChainNode,
    present: @MainActor (URL) async -> URLHandlingDecision
  ) async -> URLHandlingDecision {
    while true {
      switch await allowlist.check(url) {
      case .allowed:
        return await present(url)
      case .blocked(let rule):
        return .discard(reason: "blocked by the allowlist's deny rule \"\(rule)\"")
      case .refused(let reason):
        return whenRefused == .passOn ? .notHandled : .discard(reason: reason)
      case .unavailable(.cancelled):
        return .discard(reason: RemoteAllowlistFailure.cancelled.description)
      case .unavailable(let failure):
        if case .passToSystemBrowser = allowlist.configuration.whenUnavailable { return .notHandled }
        let choice = await recovery.recover(kind: failure.kind, reportingFrom: node) { pending in
          RemoteAllowlistUnavailableError(failure: failure, recovery: pending)
        }
        if choice == .cancel { return .discard(reason: failure.description) }
      }
    }
  }
}

/// No valid allowlist could be had; shown with "Retry" and "Cancel".
public struct RemoteAllowlistUnavailableError: RetryableError {
  /// What went wrong.
  public let failure: RemoteAllowlistFailure
  let recovery: PendingRecovery

  /// "Can't check this link".
  public var title: String { "Can't check this link" }

  /// What went wrong and what retrying means, in words a person understands.
  public var message: String {
    switch failure {
    case .unreachable: "You appear to be offline. Check your connection and try again."
    case .timedOut: "The check took too long. Try again."
    case .incompleteResponse: "The connection was interrupted. Try again."
    case .notAuthenticated: "Your session has expired. Sign in again, then retry."
    case .serverError, .invalidDocument, .tooLarge, .redirectRefused, .malformedResponse, .integrityFailed,
      .downgradeRefused, .cancelled:
      "Something went wrong on our side. Try again later."
    }
  }

  /// Resolves the shared recovery.
  @MainActor public func resolve(_ choice: RecoveryChoice) { recovery.resolve(choice) }
}

extension RemoteAllowlistFailure {
  /// Failures of the same kind share one recovery prompt.
  var kind: String {
    switch self {
    case .unreachable: "remote-allowlist.unreachable"
    case .timedOut: "remote-allowlist.timed-out"
    case .serverError: "remote-allowlist.server-error"
    case .notAuthenticated: "remote-allowlist.not-authenticated"
    case .invalidDocument: "remote-allowlist.invalid-document"
    case .tooLarge: "remote-allowlist.too-large"
    case .redirectRefused: "remote-allowlist.redirect-refused"
    case .incompleteResponse: "remote-allowlist.incomplete-response"
    case .malformedResponse: "remote-allowlist.malformed-response"
    case .integrityFailed: "remote-allowlist.integrity-failed"
    case .downgradeRefused: "remote-allowlist.downgrade-refused"
    case .cancelled: "remote-allowlist.cancelled"
    }
  }
}
