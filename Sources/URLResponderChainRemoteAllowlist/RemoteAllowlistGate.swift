public import Foundation
import URLResponderChainAllowlist
public import URLResponderChainCore
public import URLResponderChainRecovery

/// The ready building block for an `AsyncURLHandler` that defers on a ``RemoteAllowlist``.
///
/// Allowed URLs go to the app's in-app action and are handled; URLs a deny rule matches are
/// blocked; URLs the list does not allow go to the system browser (by default) or are
/// blocked. A URL the list does not allow never reaches an in-app presenter further up the
/// chain: the gate answers `URLHandlingDecision.systemAction`, never `.notHandled`. When no valid list can be had, the
/// configuration's ``RemoteAllowlistConfiguration/UnavailablePolicy`` decides: failing
/// closed runs the check under the `RecoveryCoordinator`, which reports an `OfflineError`,
/// `ServerFailureError` or `SignInRequiredError` up the chain and checks again when the
/// recovery ends with retry; other links that fail the same way meanwhile wait on that same
/// prompt.
///
/// ```swift
/// extension TopicViewController: AsyncURLHandler {
///   func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
///     // What the list allows goes on up the chain; the application at its end shows it
///     // where the declared policy says. `RemoteAllowlistSafariHandling` is this, ready-made.
///     await gate.decide(url, context: context)
///   }
/// }
/// ```
@MainActor
public struct RemoteAllowlistGate {
  /// What happens to a URL the list refuses.
  public enum WhenRefused: Sendable {
    /// The system browser opens it (`URLHandlingDecision.systemAction`): no in-app presenter
    /// further up the chain is asked. URLs that a deny rule matches are blocked whatever this
    /// says.
    case systemAction
    /// Nobody opens it (`URLHandlingDecision.discarded`).
    case discard
  }

  /// The list consulted.
  public let allowlist: RemoteAllowlist
  /// What happens to refused URLs.
  public var whenRefused: WhenRefused
  /// Shares recoveries between handlers.
  public var recovery: RecoveryCoordinator

  /// Creates a gate.
  public init(
    allowlist: RemoteAllowlist, whenRefused: WhenRefused = .systemAction, recovery: RecoveryCoordinator = .shared
  ) {
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
  /// - Returns: `.handled` after `open`; `.systemAction` or `.discarded` otherwise.
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
  /// (for example a `LinkPresenter`'s outcome).
  ///
  /// ```swift
  /// extension TopicViewController: AsyncURLHandler {
  ///   func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
  ///     await gate.decide(url, from: self) { await presenter.present($0, from: self).decision }
  ///   }
  /// }
  /// ```
  public func decide(
    _ url: URL,
    from node: any ResponderChainNode,
    present: @MainActor (URL) async -> URLHandlingDecision
  ) async -> URLHandlingDecision {
    let verdict: URLVerdict?
    do {
      verdict = try await recovery.run(reportingFrom: node, text: Self.promptText) {
        do {
          return try await allowlist.check(url)
        } catch  where allowlist.configuration.opensInSystemWhenUnavailable {
          return nil  // the configuration passes URLs to the system browser while no list can be had
        }
      }
    } catch let failure as RemoteAllowlistFailure {
      return .discarded(reason: failure.description)
    } catch {
      return .discarded(reason: RemoteAllowlistFailure.cancelled.description)
    }
    switch verdict {
    case .allowed?:
      return await present(url)
    case .blocked(let rule)?:
      return .discarded(reason: "blocked by the allowlist's deny rule \"\(rule)\"")
    case .notAllowed(let reason)?:
      return whenRefused == .systemAction ? .systemAction : .discarded(reason: reason)
    case nil:
      return .systemAction
    }
  }

  /// Checks `url` for a handler that has only its context, such as a SwiftUI `urlHandler`;
  /// a recoverable failure is reported from the link's origin, up the chain it travels.
  ///
  /// ```swift
  /// struct ArticleView: View {
  ///   var body: some View {
  ///     Text(article)
  ///       .urlHandler { url, context in await gate.decide(url, context: context) { _ in .notHandled } }
  ///       .presentsLinksInSafari()
  ///   }
  /// }
  /// ```
  ///
  /// There an allowed link is passed on (`.notHandled`) to the Safari modifier, and a link the
  /// list does not allow goes to the system browser past it (`.systemAction`). That is what
  /// `.checksLinks(with:)` writes for you, with ``decide(_:context:)``.
  ///
  /// - Returns: What `present` returns for an allowed URL; `.systemAction` or `.discarded`
  ///   otherwise, and `.discarded` when the origin is gone.
  public func decide(
    _ url: URL,
    context: URLHandlingContext,
    present: @MainActor (URL) async -> URLHandlingDecision
  ) async -> URLHandlingDecision {
    guard let origin = context.origin else { return .discarded(reason: "the link's view is gone") }
    return await decide(url, from: origin, present: present)
  }

  /// "Can't check this link", and what happened in words a person understands.
  static func promptText(kind: RecoveryKind, failure: any Error) -> RecoveryPromptText {
    let message =
      switch (kind, failure as? RemoteAllowlistFailure) {
      case (.offline, _): "You appear to be offline. The link will open by itself when you're back online."
      case (.notAuthenticated, _): "Your session has expired. Sign in to check this link."
      case (.serverError, .timedOut): "The check took too long. Try again."
      case (.serverError, .incompleteResponse): "The connection was interrupted. Try again."
      case (.serverError, .unreachable): "The server can't be reached. Try again."
      case (.serverError, _): "Something went wrong on our side. Try again later."
      }
    return RecoveryPromptText(title: "Can't check this link", message: message)
  }
}
