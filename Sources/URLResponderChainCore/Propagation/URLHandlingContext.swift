public import Foundation

/// What a handler knows about the propagation that asks it.
///
/// Passed to ``URLHandler/handleURL(_:context:)`` and ``AsyncURLHandler/decideURL(_:context:)``.
/// It is a snapshot for the duration of that call; do not keep it.
public struct URLHandlingContext: Sendable {
  private let propagationOrigin: PropagationOrigin

  /// The position of the asked node in the chain: 0 for the node the propagation started from.
  public let hop: Int

  init(origin: PropagationOrigin, hop: Int) {
    self.propagationOrigin = origin
    self.hop = hop
  }

  /// Creates a context for calling a handler directly, for example in a unit test.
  ///
  /// ```swift
  /// let context = URLHandlingContext(originalURL: url, origin: linkView)
  /// let decision = await viewController.decideURL(url, context: context)
  /// ```
  ///
  /// - Parameters:
  ///   - originalURL: The URL as it was first propagated.
  ///   - origin: The node the propagation started from. It is held weakly.
  ///   - hop: The position of the asked node in the chain.
  @MainActor
  public init(originalURL: URL, origin: any ResponderChainNode, hop: Int = 0) {
    self.init(originalURL: originalURL, origin: origin, hop: hop, inboundSourceName: nil, isDryRun: false)
  }

  /// Creates a context for a link that opened the app (the inbound links product), or for a
  /// dry run (a long press asks the chain's synchronous handlers what a tap would do).
  @MainActor
  package init(originalURL: URL, origin: any ResponderChainNode, hop: Int, inboundSourceName: String?, isDryRun: Bool) {
    self.init(
      origin: PropagationOrigin(
        url: originalURL, node: origin, inboundSourceName: inboundSourceName, isDryRun: isDryRun),
      hop: hop)
  }

  /// The URL as it was first propagated, before any handler rewrote it.
  public var originalURL: URL { propagationOrigin.originalURL }

  /// Whether the URL arrived from outside the app (a universal link, the app's scheme,
  /// Handoff, a notification) rather than from a tap in it. Links arrive from outside through
  /// the `URLResponderChainInboundLinks` product, whose `inboundSource` says how.
  public var isInbound: Bool { propagationOrigin.inboundSourceName != nil }

  /// Whether nothing will happen to the link: a long press asks what a tap would do, to
  /// decide what it previews (the in-app browser only for a link a tap would show in-app).
  /// Answer as for a tap, but perform nothing: a handler that routes or presents does so
  /// only when this is `false`. Only ``URLHandler``s are asked; a chain that reaches an
  /// ``AsyncURLHandler`` previews nothing in-app.
  public var isDryRun: Bool { propagationOrigin.isDryRun }

  /// The raw value of the inbound product's `InboundLinkSource`, or `nil`.
  package var inboundSourceName: String? { propagationOrigin.inboundSourceName }

  /// The identity of the node the propagation started from (the link view that was tapped).
  public var originID: ObjectIdentifier { propagationOrigin.originID }

  /// The node the propagation started from, if it still exists.
  ///
  /// The propagation does not keep its origin alive; a link view that was removed while
  /// a handler deferred reads as `nil` here.
  @MainActor
  public var origin: (any ResponderChainNode)? { propagationOrigin.node }
}
