public import URLResponderChainCore

/// Gives the verdict for a checked URL at once, without waiting: an `Allowlist`, or a
/// `RemoteAllowlist` from the list it holds now.
///
/// Previews and prewarming cannot wait for the network, so `LinkPolicy` asks one of these.
public protocol URLVerdictProviding: Sendable {
  /// Whether `url` may open here, and why.
  func verdict(for url: EligibleURL) -> URLVerdict
}
