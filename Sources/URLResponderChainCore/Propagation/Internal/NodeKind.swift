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

  /// What the chain's end records.
  static let recorded: NodeKind = [.declares, .host, .sceneMember, .application]

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
    self = kind
  }
}
