/// An object in a responder chain: something that knows which object comes next.
///
/// `UIResponder` conforms through `next` and `NSResponder` through `nextResponder`
/// (import `URLResponderChain`); test trees and custom hierarchies conform directly.
/// Every node gets ``propagateURL(_:options:)``, and `reportError(_:)` with
/// `URLResponderChainErrorHandling`.
///
/// ```swift
/// final class Node: ResponderChainNode {
///   let parent: Node?
///   init(parent: Node?) { self.parent = parent }
///   var nextNode: (any ResponderChainNode)? { parent }
/// }
/// ```
///
/// ## What conformers must guarantee
///
/// - ``nextNode`` is cheap and has no side effects: the walk reads it once per visit,
///   and chains may be walked a million nodes deep.
/// - ``nextNode`` answers the chain *as it is now*. When a handler suspends, the walk
///   reads the deferring node's `nextNode` again after it resumes, so a responder that
///   moved in the meantime is followed to its new parent.
/// - A cycle is a bug in the conformer, but it never hangs a walk: every walk visits a
///   node at most once and ends when it meets a node it has already visited.
@MainActor
public protocol ResponderChainNode: AnyObject {
  /// The node a URL or error goes to when this one passes it on, or `nil` at the end of the chain.
  var nextNode: (any ResponderChainNode)? { get }
}
