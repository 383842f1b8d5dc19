package import Foundation
package import URLResponderChainCore

extension URLPropagationOptions {
  /// Options whose handler timeout runs on a clock nobody moves, so it never fires: for tests
  /// that are not about the timeout, which a loaded machine must not turn into a timeout.
  /// Each call gets a clock of its own.
  package static func untimed() -> URLPropagationOptions {
    URLPropagationOptions(clock: ManualClock())
  }
}

extension ResponderChainNode {
  /// `propagateURL(_:options:)`, or ``DeadlinePassed`` when the walk has no result within
  /// `deadline` of real time: for a test whose walk only its handler timeout ends, so that a
  /// timeout that never fires (a watchdog never started) fails the test with a message
  /// instead of hanging the run.
  package func propagateURL(_ url: URL, options: URLPropagationOptions, within deadline: Duration) async throws
    -> URLPropagationResult
  {
    try await Task { await propagateURL(url, options: options) }.value(within: deadline)
  }
}
