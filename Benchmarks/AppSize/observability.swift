// link-size: package=URLResponderChain products=URLResponderChain,URLResponderChainObservability baseline=baseline title="propagation observer (URLResponderChainObservability, DocC)"

import UIKit
import URLResponderChain
import URLResponderChainObservability

@MainActor final class LinkAnalytics: URLPropagationObserver {
  /// Your analytics client's call.
  let track: (_ event: String, _ properties: [String: String]) -> Void

  init(track: @escaping (_ event: String, _ properties: [String: String]) -> Void) {
    self.track = track
    startObservingPropagations()  // held weakly: keep the observer alive
  }

  func propagationDidFinish(_ report: URLPropagationReport) {
    track(
      "link_opened",
      [
        "outcome": "\(report.outcome)", "by": report.decidingNodeTypeName ?? "none",
        "host": report.url.host ?? "", "ms": "\(report.duration)",
      ])
  }
}

var linkAnalytics: LinkAnalytics?  // top-level code: main-actor isolated

@MainActor func makeRootViewController() -> UIViewController {
  linkAnalytics = LinkAnalytics { event, properties in print(event, properties) }
  return ButtonViewController(title: "Swift.org") { $0.propagateURL(URL(string: "https://www.swift.org")!) }
}
