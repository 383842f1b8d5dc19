public import Foundation
public import URLResponderChainCore

/// A propagation that did not end with a handler accepting the URL, as an error that can
/// be reported up the chain and shown to a person.
///
/// ```swift
/// let result = await linkView.propagateURL(url)
/// if let error = result.error { await linkView.reportError(error) }
/// ```
public struct URLPropagationError: AlertableError, Equatable {
  /// How the propagation ended.
  public let outcome: URLPropagationResult.Outcome
  /// The URL that could not be opened.
  public let url: URL

  /// Creates the error for a propagation outcome.
  public init(outcome: URLPropagationResult.Outcome, url: URL) {
    self.outcome = outcome
    self.url = url
  }

  /// "Link not opened".
  public var title: String { "Link not opened" }

  /// Why the link was not opened, in words a person understands.
  public var message: String {
    let host = url.host ?? url.absoluteString
    return switch outcome {
    case .handled: "The link to \(host) was opened."
    case .discarded(let reason): "The link to \(host) was blocked: \(reason)."
    case .notHandled: "Nothing in this app can open the link to \(host)."
    case .cancelled: "Opening the link to \(host) was cancelled."
    case .timedOut: "Checking the link to \(host) took too long. Try again."
    }
  }
}

extension URLPropagationResult {
  /// The propagation's failure as a reportable error: `nil` when the URL was handled, and
  /// when the propagation was cancelled, since whoever cancelled it already knows.
  public var error: URLPropagationError? {
    switch outcome {
    case .handled, .cancelled: nil
    case .discarded, .notHandled, .timedOut: URLPropagationError(outcome: outcome, url: url)
    }
  }
}
