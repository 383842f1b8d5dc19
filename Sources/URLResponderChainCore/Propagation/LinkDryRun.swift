package import Foundation

/// What a tap on a link would do, found without waiting and without doing it: what a long
/// press previews by, so that a preview never shows in-app a link a tap would not.
///
/// It is the tap's walk (``WalkState``) with performing switched off: the same step, from the
/// same node, by the same rules, and the same end (``ChainEnd/preview(_:passed:origin:sentToTheSystem:)``).
/// Every ``URLHandler`` is asked, with a context whose ``URLHandlingContext/isDryRun`` is
/// `true` (it answers as for a tap and performs nothing). An ``AsyncURLHandler`` that answers
/// (one that only declares is passed, as a tap passes it) ends the run unknown: its answer
/// cannot be had without waiting, so nothing is previewed in-app. A chain without an
/// application ends nowhere.
///
/// Only a result's `inApp` previews the page in the in-app browser.
package enum LinkDryRun {
  /// What a tap would do:
  /// - `url`: the URL as the handlers rewrote it, the one a tap would show;
  /// - `destination`: where a tap would open it, or `nil` when a handler takes the link
  ///   itself or must be awaited;
  /// - `inApp`: the checked URL a preview shows in-app, set exactly when `destination` is
  ///   in-app.
  package typealias Result = (url: URL, destination: LinkDestination?, inApp: InAppBrowserURL?)

  /// Runs the tap on `url` from `origin` dry.
  @MainActor
  package static func run(of url: URL, from origin: any ResponderChainNode) -> Result {
    let start = PropagationOrigin(url: url, node: origin, inboundSourceName: nil, isDryRun: true)
    var state = WalkState(origin: start, at: MonotonicClock.now(), signposting: false)
    let stop = state.walk(from: origin, isEnded: { false })
    NodeKindCache.recent = state.kinds
    switch stop {
    case .awaiting(.chainEnd):
      let end = ChainEnd.preview(
        state.url, passed: state.passed, origin: start, sentToTheSystem: state.onlyTheSystem)
      return (state.url, end.destination, end.inApp)
    case .finished(.discarded(let reason)):
      return (state.url, .discarded(reason: reason), nil)
    case .finished(.notHandled):
      return (state.url, .discarded(reason: "nobody in the chain opens it"), nil)
    case .awaiting(.handler), .finished, .ended:
      return (state.url, nil, nil)
    }
  }
}
