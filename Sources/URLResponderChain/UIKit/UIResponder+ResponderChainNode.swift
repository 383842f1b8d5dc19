#if canImport(UIKit) && !os(watchOS)
  public import UIKit
  public import URLResponderChainCore

  /// Every UIKit responder is a node of the chain, followed through `next`.
  ///
  /// Views, view controllers, windows, scenes and the application all get
  /// `propagateURL(_:options:)`, and `reportError(_:)` with `URLResponderChainErrorHandling`.
  extension UIResponder: ResponderChainNode {
    /// The responder UIKit would send an event to next (`next`).
    public var nextNode: (any ResponderChainNode)? { next }
  }
#endif
