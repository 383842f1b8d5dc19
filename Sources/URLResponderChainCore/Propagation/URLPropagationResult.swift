public import Foundation

/// How a propagation ended, with the URL that was finally decided on and the full trace.
///
/// ```swift
/// let result = await linkView.propagateURL(url)
/// switch result.outcome {
/// case .handled: break
/// case .discarded(let reason): showBanner(reason)
/// case .notHandled, .cancelled, .timedOut: print(result)   // prints the trace
/// }
/// ```
public struct URLPropagationResult: Sendable {
  /// How a propagation ended.
  public enum Outcome: Sendable, Equatable {
    /// A handler accepted the URL; ``URLPropagationResult/decidingStep`` says which.
    case handled
    /// A handler or the policy discarded the URL; nobody opens it.
    case discarded(reason: String)
    /// The chain ran out (or looped back) without a handler accepting or refusing.
    case notHandled
    /// The caller cancelled before a handler decided.
    case cancelled
    /// A handler did not answer within the handler timeout; ``URLPropagationResult/decidingStep`` says which.
    case timedOut
  }

  /// How the propagation ended.
  public let outcome: Outcome

  /// The URL after every rewrite: the one that was handled, discarded or left unhandled.
  public let url: URL

  /// The URL the propagation started with.
  public let originalURL: URL

  /// Every node visited, in order, with its decision and the time it took.
  public let trace: [URLPropagationStep]

  init(outcome: Outcome, url: URL, originalURL: URL, trace: [URLPropagationStep]) {
    self.outcome = outcome
    self.url = url
    self.originalURL = originalURL
    self.trace = trace
  }

  /// The step that ended the walk: the handler that handled, discarded, timed out or was
  /// cancelled. `nil` when the chain ran out, or when the walk was cancelled between handlers.
  public var decidingStep: URLPropagationStep? {
    switch outcome {
    case .handled, .discarded, .timedOut: trace.last
    case .cancelled: trace.last.flatMap { $0.isURLHandler && $0.decision == nil ? $0 : nil }
    case .notHandled: nil
    }
  }

  /// Whether a handler accepted the URL.
  public var isHandled: Bool { outcome == .handled }

  /// The time spent in handlers, summed over the trace.
  public var duration: Duration {
    .nanoseconds(Int64(clamping: trace.reduce(UInt64(0)) { $0 &+ $1.nanoseconds }))
  }
}
