public import URLResponderChainCore

extension TestViewController: PresentationHost {
  /// The view controller this one presents (``presentedViewController``).
  public var presentedHost: (any PresentationHost)? { presentedViewController }
}
