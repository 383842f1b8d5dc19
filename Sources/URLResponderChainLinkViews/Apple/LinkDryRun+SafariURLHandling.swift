#if canImport(UIKit) && canImport(SafariServices) && !os(watchOS) && !os(tvOS)
  package import Foundation
  import URLResponderChain
  package import URLResponderChainCore

  extension LinkDryRun {
    /// The dry run of a tap on `url` sent from `origin` (``run(of:from:policyOf:)``), where
    /// a `SafariURLHandling` view controller shows links by its presenter's policy.
    @MainActor
    package static func run(of url: URL, from origin: any ResponderChainNode) -> Result {
      run(of: url, from: origin, policyOf: safariPolicy(of:))
    }

    /// The policy of a `SafariURLHandling` view controller's presenter, for any other node `nil`.
    @MainActor
    static func safariPolicy(of node: any ResponderChainNode) -> LinkPolicy? {
      (node as? any SafariURLHandling)?.safariPresenter.policy
    }
  }

  extension LinkMenu {
    /// The menu for a long press on `url` sent from `origin`: ``init(for:from:policyOf:)``,
    /// where a `SafariURLHandling` view controller shows links by its presenter's policy.
    @MainActor
    package init?(for url: URL, from origin: any ResponderChainNode) {
      self.init(for: url, from: origin, policyOf: LinkDryRun.safariPolicy(of:))
    }
  }
#endif
