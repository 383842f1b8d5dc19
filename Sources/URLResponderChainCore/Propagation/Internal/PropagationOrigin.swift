import Foundation

/// Where a propagation began: the URL as first propagated, the node it started from, and
/// where the link came from. Shared by the walk and every ``URLHandlingContext`` it hands out.
///
/// The node is held weakly, so a context that outlives the walk never keeps a view alive.
@MainActor
final class PropagationOrigin {
  nonisolated let originalURL: URL
  nonisolated let originID: ObjectIdentifier
  nonisolated let inboundSourceName: String?
  /// Whether a long press asks what a tap would do (``URLHandlingContext/isDryRun``).
  nonisolated let isDryRun: Bool
  weak var node: (any ResponderChainNode)?

  init(url: URL, node: any ResponderChainNode, inboundSourceName: String?, isDryRun: Bool) {
    self.originalURL = url
    self.originID = ObjectIdentifier(node)
    self.inboundSourceName = inboundSourceName
    self.isDryRun = isDryRun
    self.node = node
  }
}
