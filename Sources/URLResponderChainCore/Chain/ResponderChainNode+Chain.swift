extension ResponderChainNode {
  /// The nodes from this one to the end of the chain, this one first.
  ///
  /// For debugging a hierarchy. It stops at the first node it has already listed, so a
  /// cyclic chain still ends.
  ///
  /// ```swift
  /// print(linkView.responderChain.map { type(of: $0) })
  /// ```
  public var responderChain: [any ResponderChainNode] {
    var nodes: [any ResponderChainNode] = []
    var visited = VisitedNodes()
    var next: (any ResponderChainNode)? = self
    while let node = next,
      visited.insert(NodeIdentity(node), visitedSoFar: { nodes.lazy.map { NodeIdentity($0) } })
    {
      nodes.append(node)
      next = node.nextNode
    }
    return nodes
  }
}
