/// What a node's class is to a walk: which handler protocol it answers by, and what it tells
/// the chain's end. Found once per class a walk meets in a row (``WalkState``).
struct NodeKind: OptionSet {
  let rawValue: UInt8

  /// A ``URLHandler``: asked at once.
  static let answersAtOnce = NodeKind(rawValue: 1 << 0)
  /// An ``AsyncURLHandler``: awaited.
  static let awaited = NodeKind(rawValue: 1 << 1)
  /// A ``LinkPresenting`` node: may declare where links open.
  static let declares = NodeKind(rawValue: 1 << 2)
  /// A ``PresentationHost``: the in-app browser may be presented from it.
  static let host = NodeKind(rawValue: 1 << 3)
  /// A ``SceneMember``: may name the scene the link came from.
  static let sceneMember = NodeKind(rawValue: 1 << 4)
  /// The application (a ``SystemURLOpener``): the chain's end.
  static let application = NodeKind(rawValue: 1 << 5)
  /// A window (``SceneDeclaring``): its scene's declaration applies there.
  static let window = NodeKind(rawValue: 1 << 6)

  /// What the chain's end records.
  static let recorded: NodeKind = [.declares, .host, .sceneMember, .application, .window]

  init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The kind of every node of `type`. Looked up on the type, which the walk has at hand: a
  /// cast of the node itself would retain it.
  @MainActor
  init(of type: any ResponderChainNode.Type) {
    var kind = NodeKind()
    if type is any URLHandler.Type { kind.insert(.answersAtOnce) }
    if type is any AsyncURLHandler.Type { kind.insert(.awaited) }
    if type is any LinkPresenting.Type { kind.insert(.declares) }
    if type is any PresentationHost.Type { kind.insert(.host) }
    if type is any SceneMember.Type { kind.insert(.sceneMember) }
    if type is any SystemURLOpener.Type { kind.insert(.application) }
    if type is any SceneDeclaring.Type { kind.insert(.window) }
    self = kind
  }
}

extension NodeKind {
  /// Every node class's kind, once found: one dictionary lookup for a class a walk meets
  /// again, in place of seven searches of the runtime's conformance cache. Process-wide, and
  /// sound as such: it is isolated to the main actor, where every walk runs, and a class's
  /// conformances never change, so an entry never goes stale: a class's metadata lives as long
  /// as the process (the runtime frees none that a node could have; an Objective-C class pair
  /// disposed and another made at its address is the one way it could, and nothing in UIKit
  /// does that). It holds one entry per class that was ever a node.
  @MainActor private static var kinds: [ObjectIdentifier: NodeKind] = [:]

  /// The kind of `type`, whose identity is `id`, looked up once per process.
  @MainActor
  static func found(_ type: any ResponderChainNode.Type, id: ObjectIdentifier) -> NodeKind {
    if let kind = kinds[id] { return kind }
    let kind = NodeKind(of: type)
    kinds[id] = kind
    return kind
  }
}

/// The kinds of the last four node classes a walk met: a chain alternates between a few
/// classes (a view's, a handler's, a view controller's), and a lookup in ``NodeKind/found(_:id:)``
/// would be the largest part of a plain node's hop.
struct NodeKindCache {
  /// The cache the last walk left: a walk starts with it, so that taps on one screen find
  /// every class at once. Process-wide, and sound as such: it is isolated to the main actor,
  /// where every walk runs, and holds only facts that never change.
  @MainActor static var recent = NodeKindCache()

  private var types: (ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?)
  private var kinds: (NodeKind, NodeKind, NodeKind, NodeKind)
  private var oldest = 0

  init() {
    types = (nil, nil, nil, nil)
    kinds = ([], [], [], [])
  }

  /// The kind of `type`, whose identity is `id`: remembered, or looked up and remembered in
  /// place of the oldest.
  @MainActor
  @inline(__always)
  mutating func kind(of type: any ResponderChainNode.Type, id: ObjectIdentifier) -> NodeKind {
    if types.0 == id { return kinds.0 }
    if types.1 == id { return kinds.1 }
    if types.2 == id { return kinds.2 }
    if types.3 == id { return kinds.3 }
    let kind = NodeKind.found(type, id: id)
    switch oldest {
    case 0: (types.0, kinds.0) = (id, kind)
    case 1: (types.1, kinds.1) = (id, kind)
    case 2: (types.2, kinds.2) = (id, kind)
    default: (types.3, kinds.3) = (id, kind)
    }
    oldest = (oldest + 1) & 3
    return kind
  }
}
