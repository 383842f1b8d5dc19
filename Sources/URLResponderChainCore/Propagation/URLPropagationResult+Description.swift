import Foundation

extension URLPropagationResult.Outcome: CustomStringConvertible {
  /// A short human-readable form: "handled", "discarded (reason)", …
  public var description: String {
    switch self {
    case .handled: "handled"
    case .discarded(let reason): "discarded (\(reason))"
    case .notHandled: "not handled"
    case .cancelled: "cancelled"
    case .timedOut: "timed out"
    }
  }
}

extension URLPropagationResult: CustomStringConvertible {
  /// A readable trace for debugging: the outcome, then one line per node visited.
  ///
  /// ```
  /// https://example.com/a → handled by TopicViewController (3 nodes, 0.125 ms)
  ///   0 LinkView                 –
  ///   1 DocumentViewController   not handled        0.002 ms
  ///   2 TopicViewController      handled            0.120 ms
  /// ```
  public var description: String {
    var summary = "\(originalURL.absoluteString) → \(outcome)"
    if let step = decidingStep { summary += " by \(step.nodeName)" }
    if url != originalURL { summary += " as \(url.absoluteString)" }
    summary += " (\(trace.count) node\(trace.count == 1 ? "" : "s"), \(Self.milliseconds(duration)))"
    var width = 0
    for step in trace { width = max(width, step.nodeName.count) }
    var text = summary
    for (index, step) in trace.enumerated() {
      let name = step.nodeName
      text += "\n  \(index) \(name)\(String(repeating: " ", count: width - name.count))  \(step.answerDescription)"
    }
    return text
  }

  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    let whole = microseconds / 1000
    let fraction = String(microseconds % 1000)
    return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }
}

extension URLPropagationStep {
  /// What the node answered and how long it took, as printed in traces: `handled  0.120 ms`,
  /// `no answer  30000.000 ms` for a handler given up, `–` for a node that is not a handler.
  public var answerDescription: String {
    let time = URLPropagationResult.milliseconds(duration)
    if let decision { return "\(decision)  \(time)" }
    return isURLHandler ? "no answer  \(time)" : "–"
  }
}

extension URLPropagationStep: CustomStringConvertible {
  /// The step as a trace prints it: the node's name, then its answer and time.
  ///
  /// ```swift
  /// let result = await linkView.propagateURL(url)
  /// if let step = result.decidingStep { print(step) }  // TopicViewController  handled  0.120 ms
  /// ```
  public var description: String { "\(nodeName)  \(answerDescription)" }
}

extension URLPropagationResult.Outcome {
  /// The outcome without its reason, which may quote a URL: what logs and signposts show.
  var logDescription: String {
    switch self {
    case .handled: "handled"
    case .discarded: "discarded"
    case .notHandled: "not handled"
    case .cancelled: "cancelled"
    case .timedOut: "timed out"
    }
  }
}

extension URLHandlingDecision {
  /// The decision without its URL or reason: what signposts show.
  var logDescription: String {
    switch self {
    case .handled: "handled"
    case .notHandled: "not handled"
    case .rewrite: "rewrite"
    case .discarded: "discarded"
    case .systemAction: "system action"
    }
  }
}

extension Duration {
  /// `0.394 ms`, as traces print times.
  var millisecondsDescription: String { URLPropagationResult.milliseconds(self) }
}
