import TestSupport
import Testing
import URLResponderChainCore

@MainActor
@Suite struct ResponderChainListingTests {
  @Test func theChainIsListedFromTheReceiverToTheEnd() {
    let top = Node()
    let middle = Node(next: top)
    let bottom = Node(next: middle)
    #expect(bottom.responderChain.map { ObjectIdentifier($0) } == [bottom, middle, top].map { ObjectIdentifier($0) })
  }

  @Test func aCycleIsListedOnce() {
    let nodes = (0..<600).map { _ in Node() }
    for (node, next) in zip(nodes, nodes.dropFirst()) { node.next = next }
    nodes.last?.next = nodes[300]
    let listed = nodes[0].responderChain
    #expect(listed.count == 600)
    #expect(Set(listed.map { ObjectIdentifier($0) }).count == 600)
  }
}
