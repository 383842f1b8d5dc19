import TestSupport
import Testing
import URLResponderChainCore

@testable import URLResponderChainInboundLinks

/// The walks up a stack of presented hosts (`topmostPresentationHost`, and the inbound links'
/// visible screen) reach its top when the hosts are made as the walk asks for them, and end
/// when a misbehaving conformer's hosts present each other in a cycle.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct PresentationHostWalkTests {
  /// A host that makes the host it presents when asked, `remaining` more times: an adapter
  /// over a model of screens. The walk holds the only reference to each; once it moves on,
  /// the allocator hands the freed host's address to the next one, of the same class.
  final class MadeHost: PresentationHost {
    let depth: Int
    let remaining: Int
    /// Whether the hosts alternate between presenting the next one and showing it as their
    /// visible child (a container), starting with a presentation.
    let alternates: Bool

    init(depth: Int = 0, remaining: Int, alternates: Bool = false) {
      self.depth = depth
      self.remaining = remaining
      self.alternates = alternates
    }

    private var next: MadeHost? {
      remaining == 0 ? nil : MadeHost(depth: depth + 1, remaining: remaining - 1, alternates: alternates)
    }
    private var showsChild: Bool { alternates && depth % 2 == 1 }
    var presentedHost: (any PresentationHost)? { showsChild ? nil : next }
    var visibleChildHost: (any PresentationHost)? { showsChild ? next : nil }
    var isBeingDismissed: Bool { false }
  }

  /// A host whose presented host is set by the test, so that hosts can present each other.
  final class FixedHost: PresentationHost {
    weak var presented: FixedHost?
    var presentedHost: (any PresentationHost)? { presented }
    var isBeingDismissed: Bool { false }
  }

  @Test(arguments: [2, 10, 300])
  func theTopmostHostOfHostsMadeOnTheWayIsTheLastOne(depth: Int) throws {
    let root = MadeHost(remaining: depth)
    let top = try #require(root.topmostPresentationHost as? MadeHost)
    #expect(top.depth == depth)
  }

  @Test(arguments: [2, 10, 300])
  func theVisibleScreenOfHostsMadeOnTheWayIsTheLastOne(depth: Int) throws {
    let root = MadeHost(remaining: depth, alternates: true)
    guard case .host(let host) = root.visibleScreen else {
      Issue.record("the screen was said to be changing")
      return
    }
    let top = try #require(host as? MadeHost)
    #expect(top.depth == depth)
  }

  /// Three hosts presenting each other in a cycle: each walk ends, at the last host before
  /// the cycle closes.
  @Test func hostsThatPresentEachOtherEndTheWalks() throws {
    let hosts = [FixedHost(), FixedHost(), FixedHost()]
    for (index, host) in hosts.enumerated() { host.presented = hosts[(index + 1) % hosts.count] }
    let top = try #require(hosts[0].topmostPresentationHost)
    #expect(top === hosts[2])
    guard case .host(let visible) = hosts[0].visibleScreen else {
      Issue.record("the screen was said to be changing")
      return
    }
    #expect(visible === hosts[2])
  }
}
