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
  weak var node: (any ResponderChainNode)?

  init(url: URL, node: any ResponderChainNode, inboundSourceName: String?) {
    self.originalURL = url
    self.originID = ObjectIdentifier(node)
    self.inboundSourceName = inboundSourceName
    self.node = node
  }
}
