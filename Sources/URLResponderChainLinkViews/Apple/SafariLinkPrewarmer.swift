#if canImport(UIKit) && canImport(SafariServices) && os(iOS)
  public import Foundation
  import SafariServices
  public import URLResponderChainCore

  /// Prewarms the in-app browser's connections to the servers of the links visible on
  /// screen, so that allowed links open faster (`SFSafariViewController.prewarmConnections(to:)`).
  ///
  /// The core's prewarm policy decides which servers: only links a tap would open
  /// in-app, one per host, at most `maximumHosts`. Call ``update(visibleLinks:)`` when the
  /// visible links change and ``invalidate()`` when the content goes away; releasing the
  /// prewarmer ends its connections too.
  ///
  /// ```swift
  /// final class ArticleViewController: UIViewController {
  ///   let prewarmer = SafariLinkPrewarmer(policy: LinkPolicy(inApp: remoteAllowlist))
  ///
  ///   override func viewDidAppear(_ animated: Bool) {
  ///     super.viewDidAppear(animated)
  ///     prewarmer.update(visibleLinks: visibleLinkURLs)
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

    /// Creates a prewarmer; nothing is prewarmed until ``update(visibleLinks:)``.
    ///
    /// - Parameters:
    ///   - policy: Which links open in-app: the app's link policy, so that only links a tap
    ///     would open in-app are prewarmed.
    ///   - maximumHosts: The most hosts prewarmed at once. Defaults to 3.
    public init(policy: LinkPolicy = LinkPolicy(), maximumHosts: Int = 3) {
      self.policy = LinkPrewarmPolicy(policy: policy, maximumHosts: maximumHosts)
    }

    /// Records the links visible now; prewarms anew only when the set of servers changed.
    public func update(visibleLinks: [URL]) {
      guard let origins = policy.update(visible: visibleLinks) else { return }
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
