public import URLResponderChainCore

/// What an observer learns about one finished propagation: enough for analytics, nothing
/// personal (the URLs are redacted) and nothing that could change the outcome.
///
/// ```swift
/// func propagationDidFinish(_ report: URLPropagationReport) {
///   analytics.track("link", ["outcome": "\(report.outcome)", "by": report.decidingNodeTypeName ?? "-"])
/// }
/// ```
public struct URLPropagationReport: Sendable {
  /// How the propagation ended.
  public let outcome: URLPropagationResult.Outcome
  /// The type of the node that decided (handled, discarded, timed out), or `nil`.
  public let decidingNodeType: (any Any.Type)?
  /// The URL the propagation started with, redacted.
  public let originalURL: RedactedURL
  /// The URL finally decided on (after rewrites), redacted.
  public let url: RedactedURL
  /// The nodes visited.
  public let nodesVisited: Int
  /// From the walk's start to its end, including every handler's time.
  public let duration: Duration

  init(result: URLPropagationResult, duration: Duration) {
    outcome = result.outcome
    decidingNodeType = result.decidingStep?.nodeType
    originalURL = RedactedURL(result.originalURL)
    url = RedactedURL(result.url)
    nodesVisited = result.trace.count
    self.duration = duration
  }

  /// The deciding node's type name, as traces print it.
  public var decidingNodeTypeName: String? { decidingNodeType.map { String(describing: $0) } }
}
