#if canImport(UIKit) && canImport(SafariServices) && os(iOS)
  public import Foundation
  import SafariServices
  public import URLResponderChainCore

  /// Prewarms the in-app browser's connections to the servers of the links visible on
  /// screen, so that allowed links open faster (`SFSafariViewController.prewarmConnections(to:)`).
  ///
  /// Only links a tap would open in-app, one per host, at most `maximumHosts`: each link is
  /// run dry from where it is sent, as a long press's preview is (the handlers the tap would
  /// ask answer, then the policy of the presenter it reaches), and the server of the URL the
  /// tap would show is warmed up. Call ``update(visibleLinks:from:)`` when the visible links
  /// change and ``invalidate()`` when the content goes away; releasing the prewarmer ends its
  /// connections too.
  ///
  /// ```swift
  /// final class ArticleViewController: UIViewController {
  ///   let prewarmer = SafariLinkPrewarmer()
  ///
  ///   override func viewDidAppear(_ animated: Bool) {
  ///     super.viewDidAppear(animated)
  ///     prewarmer.update(visibleLinks: visibleLinkURLs, from: view)
  ///   }
  ///
  ///   override func viewDidDisappear(_ animated: Bool) {
  ///     super.viewDidDisappear(animated)
  ///     prewarmer.invalidate()
  ///   }
  /// }
  /// ```
  @MainActor
  public final class SafariLinkPrewarmer {
    private var policy: LinkPrewarmPolicy
    private var token: SFSafariViewController.PrewarmingToken?

    /// The origins whose connections are prewarmed now.
    public var prewarmedOrigins: [URL] { policy.prewarmed }

    /// Creates a prewarmer; nothing is prewarmed until ``update(visibleLinks:from:)``.
    ///
    /// - Parameter maximumHosts: The most hosts prewarmed at once. Defaults to 3.
    public init(maximumHosts: Int = 3) {
      self.policy = LinkPrewarmPolicy(maximumHosts: maximumHosts)
    }

    /// Records the links visible now, sent from `origin` (the view that shows them, or the
    /// view controller); prewarms anew only when the set of servers changed.
    public func update(visibleLinks: [URL], from origin: any ResponderChainNode) {
      let inApp = { (url: URL) in LinkDryRun.run(of: url, from: origin).inApp }
      guard let origins = policy.update(visible: visibleLinks, inApp: inApp) else { return }
      token?.invalidate()
      token = origins.isEmpty ? nil : SFSafariViewController.prewarmConnections(to: origins)
    }

    /// Ends the prewarmed connections, as when the content goes away.
    public func invalidate() {
      guard policy.reset() else { return }
      token?.invalidate()
      token = nil
    }
  }
#endif
