/// The walks whose handler the current task is running: a walk is never joined from inside
/// itself, where waiting on it would mean waiting on oneself until the handler timeout.
///
/// A task-local value, so it follows the handler into the child tasks it starts (`async let`,
/// task groups, `Task {}`), and ends with the handler's call. The innermost walk is held by
/// identity; walks further out (a handler that propagates from inside a handler) in a list
/// allocated only then. An identity is only compared while its walk is still running the
/// handler (the walk's task holds it), except in a task the handler left running after it
/// answered: there a newcomer at the same address is not joined, and a fresh walk is made,
/// which fails safe.
struct EnclosingWalks: Sendable {
  /// The walk whose handler runs now.
  let innermost: ObjectIdentifier
  /// The walks further out, innermost first.
  let outer: Outer?

  final class Outer: Sendable {
    let walks: EnclosingWalks
    init(_ walks: EnclosingWalks) { self.walks = walks }
  }

  @TaskLocal static var current: EnclosingWalks?

  /// The current walks with `walk` added innermost.
  static func adding(_ walk: ObjectIdentifier) -> EnclosingWalks {
    EnclosingWalks(innermost: walk, outer: current.map(Outer.init))
  }

  /// Whether the current task runs a handler of `walk`.
  static func contain(_ walk: ObjectIdentifier) -> Bool {
    var walks = current
    while let enclosing = walks {
      if enclosing.innermost == walk { return true }
      walks = enclosing.outer?.walks
    }
    return false
  }
}
