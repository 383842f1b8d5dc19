extension LinkPolicy {
  /// Written where `URLResponderChainAllowlist` is not imported, says to import it: the
  /// compiler would otherwise answer `type 'LinkPolicy' has no member 'inApp'`, with no hint
  /// of where the member is. Where the product is imported, its
  /// `LinkPolicy.inApp(_:blocking:)` is the one used: a call never resolves to an unavailable
  /// declaration when an available one fits.
  @available(
    *, unavailable,
    message: "LinkPolicy.inApp(_:blocking:) is in URLResponderChainAllowlist: import URLResponderChainAllowlist"
  )
  public static func inApp(_ patterns: [String], blocking: [String] = []) -> LinkPolicy {
    fatalError("unavailable")
  }
}
