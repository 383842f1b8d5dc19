#if canImport(Testing)
  package import Testing
#endif

/// What a test collects as it arrives (prompts, reports, completions), and a way to wait until
/// a number of them have: the one "wait until N have arrived" every test uses.
///
/// A wait has a deadline of its own, and ends when the test's task is cancelled (its time
/// limit): something that never arrives fails the test with a message instead of hanging
/// the run.
@MainActor
package final class Arrivals<Element> {
  /// Everything that arrived, in order.
  package private(set) var items: [Element] = []
  private var waiters: [(count: Int, gate: Gate)] = []

  package init() { WalkBugsFailTests.install() }

  /// Records an arrival and opens every wait its count reached.
  package func append(_ item: Element) {
    items.append(item)
    let reached = waiters.filter { items.count >= $0.count }
    waiters.removeAll { items.count >= $0.count }
    for waiter in reached { waiter.gate.open() }
  }

  /// Forgets what arrived (a waiting count then counts from zero again).
  package func removeAll() { items = [] }

  #if canImport(Testing)
    /// Returns once `count` items have arrived. When they have not within `deadline` of real
    /// time (or the test was cancelled first), the test fails with a message saying how many
    /// did, and the wait ends.
    package func wait(
      for count: Int, within deadline: Duration = .deadline, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
      if items.count >= count { return }
      let gate = Gate()
      waiters.append((count, gate))
      await gate.opened(
        within: deadline, "\(count) arrivals (\(self.items.count) came)", sourceLocation: sourceLocation)
    }
  #endif
}
