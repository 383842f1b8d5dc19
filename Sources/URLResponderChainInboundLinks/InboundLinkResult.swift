public import Foundation
public import URLResponderChainCore

/// How one inbound link ended.
public struct InboundLinkResult: Sendable {
  /// How an inbound link ended.
  public enum Outcome: Sendable, Equatable {
    /// A responder handled it.
    case handled
    /// A responder discarded it, with why.
    case discarded(reason: String)
    /// No responder handled it; the configured last handler answered this.
    case notHandled(URLHandlingDecision)
    /// Refused before any handler saw it: not a safe URL, a scheme the app does not own,
    /// or an `https` host that is not one of the app's associated domains.
    case refused(reason: String)
    /// Dropped from the queue before the scene had a window: more links arrived than it holds.
    case dropped(reason: String)
    /// The caller stopped waiting (its task was cancelled) before the link was delivered,
    /// or the propagation was cancelled.
    case cancelled
    /// A handler did not answer in time; ``InboundLinkResult/propagation`` names it.
    case timedOut
  }

  /// The link as it arrived.
  public let url: URL
  /// Where it came from.
  public let source: InboundLinkSource
  /// How it ended.
  public let outcome: Outcome
  /// The propagation, with its trace; `nil` when the link was refused, dropped or cancelled
  /// before it was delivered.
  public let propagation: URLPropagationResult?
}
