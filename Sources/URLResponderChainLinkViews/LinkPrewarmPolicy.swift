package import Foundation
package import URLResponderChainCore

/// Decides which servers to prewarm connections to for the links visible on screen, so that
/// the in-app browser opens them faster: only links a tap would open in-app, one per host,
/// at most ``maximumHosts``.
///
/// The adapter (`SafariLinkPrewarmer` on iOS) hands it the visible links whenever they
/// change, with what a tap on each would show in-app (`LinkDryRun`, from where the links
/// are sent); ``update(visible:inApp:)`` says whether the prewarmed set changed, so that the
/// old token is invalidated and a new one requested only then.
///
/// ```swift
/// var prewarm = LinkPrewarmPolicy(maximumHosts: 3)
/// let inApp = { LinkDryRun.run(of: $0, from: view).inApp }
/// if let origins = prewarm.update(visible: visibleLinks, inApp: inApp) {
///   token?.invalidate()
///   token = origins.isEmpty ? nil : SFSafariViewController.prewarmConnections(to: origins)
/// }
/// ```
package struct LinkPrewarmPolicy: Sendable {
  /// The most hosts prewarmed at once; the first visible ones win.
  package let maximumHosts: Int
  /// The origins prewarmed now, in order.
  package private(set) var prewarmed: [URL] = []

  /// Creates the policy.
  ///
  /// - Parameter maximumHosts: The most hosts prewarmed at once; negative counts as zero.
  ///   Defaults to 3.
  package init(maximumHosts: Int = 3) {
    self.maximumHosts = max(0, maximumHosts)
  }

  /// The origins (`https://host[:port]/`) to prewarm for `visible`, in order: of the URLs a
  /// tap would show in-app (`inApp`, `nil` for a link it would not), one per host, at most
  /// ``maximumHosts``. Paths and queries are left out: the connection needs the server only.
  package func origins(for visible: [URL], inApp: (URL) -> InAppBrowserURL?) -> [URL] {
    var hosts: Set<String> = []
    var origins: [URL] = []
    for url in visible where origins.count < maximumHosts {
      guard let eligible = inApp(url)?.checked, hosts.insert(eligible.host).inserted else { continue }
      var components = URLComponents()
      components.scheme = eligible.scheme
      components.host = eligible.host
      components.port = eligible.port
      components.path = "/"
      if let origin = components.url { origins.append(origin) }
    }
    return origins
  }

  /// Records the links visible now.
  ///
  /// - Returns: The origins to prewarm when they differ from the ones prewarmed (an empty
  ///   array: invalidate and prewarm nothing), or `nil` when nothing changed.
  package mutating func update(visible: [URL], inApp: (URL) -> InAppBrowserURL?) -> [URL]? {
    let next = origins(for: visible, inApp: inApp)
    guard next != prewarmed else { return nil }
    prewarmed = next
    return next
  }

  /// Forgets the prewarmed origins, as when the content goes away.
  ///
  /// - Returns: Whether anything was prewarmed (and its token should be invalidated).
  package mutating func reset() -> Bool {
    defer { prewarmed = [] }
    return !prewarmed.isEmpty
  }
}
