public import Foundation
public import URLResponderChainCore

/// The URL every benchmark propagates.
public let benchmarkURL = URL(string: "https://example.com/article/42")!

/// A handler that passes every URL on without suspending.
@MainActor
public final class RejectingHandler: URLHandler {
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  /// The handler built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
  /// Passes every URL on.
  public func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision { .notHandled }
}

/// A handler that suspends once (as a remote check would) and then passes the URL on.
@MainActor
public final class DeferringHandler: URLHandler {
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  /// The handler built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
  /// Suspends once, then passes the URL on.
  public func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await Task.yield()
    return .notHandled
  }
}

/// Builds a chain of `length` handlers and returns its first node.
@MainActor
public func makeRejectingChain(length: Int) -> any ResponderChainNode {
  var head: (any ResponderChainNode)?
  for _ in 0..<length { head = RejectingHandler(next: head) }
  return head!
}

/// Builds a chain of `length` handlers that each suspend once.
@MainActor
public func makeDeferringChain(length: Int) -> any ResponderChainNode {
  var head: (any ResponderChainNode)?
  for _ in 0..<length { head = DeferringHandler(next: head) }
  return head!
}

/// The physical floor of a walk: a hand-written loop over `nextNode` that casts each node
/// to `URLHandler` and makes one synchronous call. No trace, no timeout, no joining.
@MainActor
public func floorWalk(from start: any ResponderChainNode, url: URL) -> Int {
  var node: (any ResponderChainNode)? = start
  var handled = 0
  while let current = node {
    if let handler = current as? any URLHandler, synchronousDecision(handler, url) == .handled {
      handled += 1
    }
    node = current.nextNode
  }
  return handled
}

@MainActor
@inline(never)
func synchronousDecision(_ handler: any URLHandler, _ url: URL) -> URLHandlingDecision {
  // Opaque to the optimizer (never inlined), so the call and the cast before it stay.
  .notHandled
}
