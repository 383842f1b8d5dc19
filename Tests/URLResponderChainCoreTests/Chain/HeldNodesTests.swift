import TestSupport
import Testing

@testable import URLResponderChainCore

/// The nodes a walk keeps alive until it waits or ends: each is kept exactly as long as that,
/// released exactly once, and found by its address.
@Suite struct HeldNodesTests {
  /// A node whose only strong reference is moved into the held nodes lives until they let go,
  /// then is freed: kept, and not leaked. 100 nodes grow the storage past its first 32.
  @Test(arguments: [1, 32, 33, 100])
  func keepsEachNodeUntilTheyAreReleasedThenFreesIt(count: Int) {
    let tally = Tally()
    var watchers: [Watcher] = []
    var held = HeldNodes()
    for _ in 0..<count {
      let node = Counted(tally)
      watchers.append(Watcher(node))
      held.append(node)
    }
    #expect(watchers.allSatisfy { $0.node != nil })
    _ = consume held
    #expect(watchers.allSatisfy { $0.node == nil })
    #expect(tally.freed == count)
  }

  /// `forEachNode` hands over every node, in the order it was kept, and keeps them: the walk
  /// remembers them weakly first, and only then lets go of them.
  @Test func forEachNodeHandsOverInOrderAndKeepsThem() {
    let tally = Tally()
    var watchers: [Watcher] = []
    var handed: [ObjectIdentifier] = []
    var held = HeldNodes()
    for _ in 0..<40 {
      let node = Counted(tally)
      watchers.append(Watcher(node))
      held.append(node)
    }
    held.forEachNode { handed.append(ObjectIdentifier($0)) }
    #expect(handed == watchers.map(\.address))
    #expect(watchers.allSatisfy { $0.node != nil })
    _ = consume held
    #expect(watchers.allSatisfy { $0.node == nil })
    #expect(tally.freed == 40)
  }

  /// A node is found by its address while held, and not after it was let go.
  @Test func findsTheAddressesItHolds() {
    var held = HeldNodes()
    let nodes = (0..<50).map { _ in Counted() }
    for node in nodes { held.append(node) }
    let stranger = Counted()
    // `#expect` cannot capture a value that cannot be copied, so the answers are read first.
    let found = nodes.filter { held.contains(ObjectIdentifier($0)) }.count
    let strangerFound = held.contains(ObjectIdentifier(stranger))
    #expect(found == nodes.count)
    #expect(!strangerFound)
    var addresses: [ObjectIdentifier] = []
    held.forEachAddress { addresses.append($0) }
    #expect(addresses == nodes.map(ObjectIdentifier.init))
    held = HeldNodes()
    let foundAfterLettingGo = held.contains(ObjectIdentifier(nodes[0]))
    #expect(!foundAfterLettingGo)
  }
}

/// An object that counts, in its tally, when it is freed.
private final class Counted {
  private let tally: Tally?
  init(_ tally: Tally? = nil) { self.tally = tally }
  deinit { tally?.freed += 1 }
}

/// How many objects of one test were freed; a second release of a freed object would crash
/// the test instead.
private final class Tally {
  var freed = 0
}

/// Watches an object without keeping it alive.
private struct Watcher {
  weak var node: Counted?
  let address: ObjectIdentifier
  init(_ node: Counted) {
    self.node = node
    self.address = ObjectIdentifier(node)
  }
}
