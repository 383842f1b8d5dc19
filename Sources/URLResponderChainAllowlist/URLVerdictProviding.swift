public import Foundation
import URLResponderChainCore

/// Gives the verdict for a URL at once, without waiting: an `Allowlist`, or a
/// `RemoteAllowlist` from the list it holds now.
///
/// Previews and prewarming cannot wait for the network, so `LinkPolicy` asks one of these.
public protocol URLVerdictProviding: Sendable {
  /// Whether `url` may open here, and why.
  ///
  /// Conformers judge deny rules first, on every reading of `url` (as
  /// ``Allowlist/verdict(for:)-(URL)`` does), and refuse a URL that is not an `EligibleURL`
  /// unless a deny rule blocks it.
  func verdict(for url: URL) -> URLVerdict
}
