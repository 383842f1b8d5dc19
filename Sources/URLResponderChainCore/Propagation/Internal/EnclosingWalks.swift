/// The walks whose task the current task is, or was started from: a walk is never joined from
/// inside itself, where waiting on it would mean waiting on oneself until the handler timeout.
///
/// A task-local list, set when the walk's task is made (a task inherits the task-local values
/// of the code that makes it), so it follows an awaited handler into the tasks it starts in
/// turn (`async let`, task groups, `Task {}`). Walks are held by identity: an identity is
/// compared only while its walk's task, which holds the walk, runs; in a task a handler left
/// running after its walk ended, a newcomer at the same address is not joined but given a
/// walk of its own, which fails safe.
enum EnclosingWalks {
  /// The walks, outermost first.
  @TaskLocal private static var current: [ObjectIdentifier] = []

  /// Runs `makeTask` with `walk` added to the current walks, so that the task it makes
  /// inherits them.
  /// Runs `body` inside `walk`, unless `limit` walks already enclose it.
  ///
  /// - Returns: Whether `body` ran.
  static func adding(_ walk: ObjectIdentifier, limit: Int, _ body: () -> Void) -> Bool {
    let enclosing = current
    guard enclosing.count < limit else { return false }
    $current.withValue(enclosing + [walk], operation: body)
    return true
  }

  static func contain(_ walk: ObjectIdentifier) -> Bool {
    current.contains(walk)
  }
}
