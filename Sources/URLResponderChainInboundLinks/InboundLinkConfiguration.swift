public import Foundation
public import URLResponderChainCore

/// What an ``InboundLinkDispatcher`` accepts and what it does with links nobody handles.
///
/// ```swift
/// var configuration = InboundLinkConfiguration(
///   associatedDomains: ["example.com", "*.example.com"], customSchemes: ["myapp"])
/// configuration.whenUnhandled = { url, _ in .discarded(reason: "no screen shows \(url.path())") }
/// ```
public struct InboundLinkConfiguration: Sendable {
  /// The app's associated domains, as in its `com.apple.developer.associated-domains`
  /// entitlement (`applinks:` prefixes and `?mode=` suffixes are ignored): `example.com` or
  /// `*.example.com`. An inbound `https` link whose host matches none is refused before any
  /// handler sees it.
  public var associatedDomains: [String]
  /// The app's own URL schemes (`CFBundleURLSchemes`), lowercase. Links with any other
  /// scheme than these and `https` are refused.
  public var customSchemes: Set<String>
  /// The most links kept while the scene has no window (before it has one, or after it
  /// went); past it the oldest is dropped (and logged). 8 by default. While the scene shows a
  /// screen, links waiting for a transition or for another link to be decided are never dropped.
  public var queueLimit = 8
  /// Timeout for each handler, as for any propagation.
  public var propagation = URLPropagationOptions()
  /// The last handler: what happens to a link no responder handled, in one of the two answers
  /// it can give (``LastHandlerDecision``). It is never the system browser, which would take
  /// the user out of the app. By default the link is discarded with a reason (and logged).
  public var whenUnhandled: @MainActor @Sendable (URL, InboundLinkSource) -> LastHandlerDecision = { _, _ in
    .discarded(reason: "no screen handles this link")
  }

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - associatedDomains: The app's associated domains (`example.com`, `*.example.com`).
  ///   - customSchemes: The app's own URL schemes.
  public init(associatedDomains: [String], customSchemes: Set<String> = []) {
    self.associatedDomains = associatedDomains
    self.customSchemes = customSchemes
  }
}

/// Why an ``InboundLinkDispatcher`` cannot be created with a configuration.
public enum InboundLinkConfigurationError: Error, Sendable, Equatable {
  /// An associated domain is not a host or `*.` host pattern (the entry, the reason).
  case invalidAssociatedDomain(String, String)
  /// A custom scheme is not a valid app scheme (the scheme, the reason).
  case invalidCustomScheme(String, String)
  /// The queue limit is less than 1.
  case invalidQueueLimit(Int)
}

extension InboundLinkConfigurationError: CustomStringConvertible {
  /// A sentence for the developer who wrote the configuration.
  public var description: String {
    switch self {
    case .invalidAssociatedDomain(let entry, let reason): "associated domain \"\(entry)\": \(reason)"
    case .invalidCustomScheme(let scheme, let reason): "custom scheme \"\(scheme)\": \(reason)"
    case .invalidQueueLimit(let limit): "the queue limit must be at least 1, not \(limit)"
    }
  }
}
