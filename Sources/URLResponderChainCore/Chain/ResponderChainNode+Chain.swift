extension ResponderChainNode {
  /// The nodes from this one to the end of the chain, this one first.
  ///
  /// For debugging a hierarchy. It stops at the first node it has already listed, so a
  /// cyclic chain still ends.
  ///
  /// ```swift
  /// print(linkView.responderChain.map { type(of: $0) })
  /// ```
  ///
  /// - Complexity: O(*n*), where *n* is the number of nodes from this one to the end of the
  ///   chain; each read walks the chain and builds the array again.
  public var responderChain: [any ResponderChainNode] {
    var nodes: [any ResponderChainNode] = []
    // `nodes` keeps every listed node alive, so no address can be freed and reused meanwhile:
    // addresses alone tell the nodes apart.
    var listed = AddressTable()
    var next: (any ResponderChainNode)? = self
    while let node = next, listed.insert(ObjectIdentifier(node)) {
      nodes.append(node)
      next = node.nextNode
    }
    return nodes
  }
}
