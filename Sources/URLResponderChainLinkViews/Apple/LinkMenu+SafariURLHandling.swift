#if canImport(UIKit) && canImport(SafariServices) && !os(watchOS) && !os(tvOS)
  package import Foundation
  import URLResponderChain
  package import URLResponderChainCore

  extension LinkMenu {
    /// The menu for a long press on `url` sent from `origin`: ``init(for:from:policyOf:)``,
    /// where a `SafariURLHandling` view controller shows links by its presenter's policy.
    @MainActor
    package init?(for url: URL, from origin: any ResponderChainNode) {
      self.init(
        for: url, from: origin, policyOf: { ($0 as? any SafariURLHandling)?.safariPresenter.policy })
    }
  }
#endif
