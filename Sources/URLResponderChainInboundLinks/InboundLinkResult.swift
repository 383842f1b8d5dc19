public import Foundation
public import URLResponderChainCore

/// How one inbound link ended.
public struct InboundLinkResult: Sendable {
  /// The link as it arrived.
  public var url: URL { storage.url }
  /// Where it came from.
  public var source: InboundLinkSource { storage.source }
  /// How it ended, in the words of every propagation:
  ///
  /// - `.handled`: a screen took it, or the configuration's
  ///   ``InboundLinkConfiguration/whenUnhandled`` answered `.handled`;
  /// - `.discarded(reason:)`: a screen or the last handler discarded it, or it was refused
  ///   before any screen saw it (not a safe URL, a scheme the app does not own, a host that
  ///   is not one of the app's associated domains), or dropped from the queue before the
  ///   scene had a window; the reason says which;
  /// - `.notHandled`: nobody took it and the last handler passed it on too;
  /// - `.cancelled`: the caller stopped waiting before the link was delivered, or the
  ///   propagation was cancelled;
  /// - `.timedOut`: a screen did not answer in time; ``propagation`` names it.
  public var outcome: URLPropagationResult.Outcome { storage.outcome }
  /// The propagation, with its trace; `nil` when the link was refused, dropped or cancelled
  /// before it was delivered.
  public var propagation: URLPropagationResult? { storage.propagation }

  // The fields live in one immutable object: a result is copied as one reference instead of
  // field by field (2 KB less code at `-Osize`).
  private let storage: Storage

  init(url: URL, source: InboundLinkSource, outcome: URLPropagationResult.Outcome, propagation: URLPropagationResult?) {
    storage = Storage(url: url, source: source, outcome: outcome, propagation: propagation)
  }

  private final class Storage: Sendable {
    let url: URL
    let source: InboundLinkSource
    let outcome: URLPropagationResult.Outcome
    let propagation: URLPropagationResult?

    init(url: URL, source: InboundLinkSource, outcome: URLPropagationResult.Outcome, propagation: URLPropagationResult?)
    {
      self.url = url
      self.source = source
      self.outcome = outcome
      self.propagation = propagation
    }
  }
}
