#if canImport(UIKit) && canImport(SafariServices) && !os(watchOS) && !os(tvOS)
  package import UIKit
  import URLResponderChain
  package import URLResponderChainCore

  extension UIResponder {
    /// The policy of the Safari presenter a link sent from here reaches: the nearest
    /// `SafariURLHandling` view controller up the responder chain, or `nil`.
    package func presenterLinkPolicy() -> LinkPolicy? {
      var responder: UIResponder? = self
      while let current = responder {
        if let handling = current as? any SafariURLHandling { return handling.safariPresenter.policy }
        responder = current.next
      }
      return nil
    }
  }
#endif
