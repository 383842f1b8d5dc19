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
  public var url: URL { storage.url }
  /// Where it came from.
  public var source: InboundLinkSource { storage.source }
  /// How it ended.
  public var outcome: Outcome { storage.outcome }
  /// The propagation, with its trace; `nil` when the link was refused, dropped or cancelled
  /// before it was delivered.
  public var propagation: URLPropagationResult? { storage.propagation }

  // The fields live in one immutable object: a result is copied as one reference instead of
  // field by field (2 KB less code at `-Osize`).
  private let storage: Storage

  init(url: URL, source: InboundLinkSource, outcome: Outcome, propagation: URLPropagationResult?) {
    storage = Storage(url: url, source: source, outcome: outcome, propagation: propagation)
  }

  private final class Storage: Sendable {
    let url: URL
    let source: InboundLinkSource
    let outcome: Outcome
    let propagation: URLPropagationResult?

    init(url: URL, source: InboundLinkSource, outcome: Outcome, propagation: URLPropagationResult?) {
      self.url = url
      self.source = source
      self.outcome = outcome
      self.propagation = propagation
    }
  }
}
