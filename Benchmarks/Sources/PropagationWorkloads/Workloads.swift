public import Foundation
public import URLResponderChainCore

/// The URL every benchmark propagates.
public let benchmarkURL = URL(string: "https://example.com/article/42")!

/// A handler that passes every URL on at once: a `URLHandler`, the way the first example in
/// the documentation writes one.
@MainActor
public final class RejectingHandler: URLHandler {
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  /// The handler built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
  /// Passes every URL on.
  public func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { .notHandled }
}

/// A handler that passes every URL on without suspending, but is awaited: an
/// `AsyncURLHandler`.
@MainActor
public final class AwaitedRejectingHandler: AsyncURLHandler, HandWrittenDecider {
  /// Passes every URL on, for the hand-written walk.
  @inline(never) public func decideNow(_ url: URL) -> URLHandlingDecision { .notHandled }
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  /// The handler built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
  /// Passes every URL on.
  public func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision { .notHandled }
}

/// A handler that suspends once (as a remote check would) and then passes the URL on.
@MainActor
public final class DeferringHandler: AsyncURLHandler {
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  /// The handler built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
  /// Suspends once, then passes the URL on.
  public func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await Task.yield()
    return .notHandled
  }
}

/// Builds a chain of `length` handlers that pass URLs on, at once unless `awaited`, and
/// returns its first node.
@MainActor
public func makeRejectingChain(length: Int, awaited: Bool = false) -> any ResponderChainNode {
  var head: (any ResponderChainNode)?
  for _ in 0..<length {
    head = awaited ? AwaitedRejectingHandler(next: head) : RejectingHandler(next: head)
  }
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

// MARK: - The realistic chain: 30 nodes, 5 of them handlers, the fourth handles

/// What a hand-written walk asks a handler: its decision, synchronously.
@MainActor
public protocol HandWrittenDecider: AnyObject {
  /// The same decision ``URLHandler/handleURL(_:context:)`` makes, without a context or a walk.
  func decideNow(_ url: URL) -> URLHandlingDecision
}

/// A view or controller that is not a handler.
@MainActor
public final class PlainNode: ResponderChainNode {
  let next: (any ResponderChainNode)?
  init(next: (any ResponderChainNode)?) { self.next = next }
  /// The node built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
}

/// A handler that answers at once: passes on, or handles.
@MainActor
public final class AnsweringHandler: URLHandler, HandWrittenDecider {
  let next: (any ResponderChainNode)?
  let decision: URLHandlingDecision
  init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)?) {
    self.decision = decision
    self.next = next
  }
  /// The node built before this one.
  public var nextNode: (any ResponderChainNode)? { next }
  /// Answers at once.
  public func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision { decision }
  /// The same answer, synchronously.
  @inline(never) public func decideNow(_ url: URL) -> URLHandlingDecision { decision }
}

/// 30 nodes from the link view up; handlers at nodes 4, 10, 16, 22 and 28 (from 1), the fourth
/// of which (node 22) handles, so the walk visits 22 nodes.
@MainActor
public func makeRealisticChain() -> any ResponderChainNode {
  let handlerPositions = [4, 10, 16, 22, 28]
  var head: (any ResponderChainNode)?
  for position in (1...30).reversed() {
    if let index = handlerPositions.firstIndex(of: position) {
      head = AnsweringHandler(index == 3 ? .handled : .notHandled, next: head)
    } else {
      head = PlainNode(next: head)
    }
  }
  return head!
}

/// A chain shaped as a SwiftUI screen's: six link modifiers (Swift objects, each an
/// `AsyncURLHandler` the walk awaits, as SwiftUI's are) in front of the hosting controller's
/// UIKit run (twenty plain nodes), and the application, which handles. Every node is a Swift
/// object, so each modifier is remembered the way a device remembers it (weakly).
@MainActor
public func makeSwiftUIShapedChain() -> any ResponderChainNode {
  var head: (any ResponderChainNode)? = AnsweringHandler(.handled, next: nil)
  for _ in 0..<20 { head = PlainNode(next: head) }
  for _ in 0..<6 { head = AwaitedRejectingHandler(next: head) }
  return head!
}

/// A hand-written walk of the same chain: `nextNode`, a cast, a synchronous decision, and a stop
/// at the first that handles. Returns the number of nodes visited.
@MainActor
public func handWrittenWalk(from start: any ResponderChainNode, url: URL) -> Int {
  var node: (any ResponderChainNode)? = start
  var visited = 0
  while let current = node {
    visited += 1
    if let handler = current as? any HandWrittenDecider, handler.decideNow(url) == .handled { return visited }
    node = current.nextNode
  }
  return visited
}

/// The number of nodes from `start` to the end of its chain: `nextNode` alone, without a cast.
@MainActor
public func chainLength(from start: any ResponderChainNode) -> Int {
  var node: (any ResponderChainNode)? = start
  var length = 0
  while let current = node {
    length += 1
    node = current.nextNode
  }
  return length
}
