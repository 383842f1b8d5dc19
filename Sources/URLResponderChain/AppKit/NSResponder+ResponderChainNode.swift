#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import URLResponderChainCore

  /// Every AppKit responder is a node of the chain, followed through `nextResponder`.
  extension NSResponder: ResponderChainNode {
    /// The responder AppKit would send an action to next (`nextResponder`).
    public var nextNode: (any ResponderChainNode)? { nextResponder }
  }
#endif
