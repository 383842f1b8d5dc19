public import URLResponderChainCore

extension ResponderChainNode {
  /// Sends an error up the responder chain, starting at this node, until a handler deals with it.
  ///
  /// Each ``ErrorHandler`` on the way may handle it, pass it on, or rewrite it for the
  /// handlers above. The walk is iterative and visits each node once.
  ///
  /// ```swift
  /// let result = await linkView.propagateURL(url)
  /// if let error = result.error { await linkView.reportError(error) }
  /// ```
  ///
  /// - Parameter error: The error to report.
  /// - Returns: `true` when a handler handled it, `false` when the chain ran out.
  @discardableResult
  public func reportError(_ error: any Error) async -> Bool {
    var error = error
    var node: any ResponderChainNode = self
    var visited = VisitedNodes()
    // The nodes passed since the last handler; `VisitedNodes` says why they are kept.
    var held = HeldNodes()
    while true {
      guard visited.insert(ObjectIdentifier(node), held: held) else { return false }
      guard let handler = node as? any ErrorHandler else {
        guard let next = node.nextNode else { return false }
        held.append(consume node)
        node = next
        continue
      }
      // While the handler takes its time, the nodes below it can go away.
      visited.remember(held)
      held = HeldNodes()
      switch await handler.handleError(error) {
      case .handled: return true
      case .notHandled: break
      case .rewrite(let rewritten): error = rewritten
      }
      guard let next = handler.nextNode else { return false }
      // Its turn is over: kept with the nodes passed after it, so that a loop back to it is seen.
      held.append(handler)
      node = next
    }
  }
}
