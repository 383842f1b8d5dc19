/// What a test collects as it arrives (prompts, reports, completions), and a way to wait until
/// a number of them have: the one "wait until N have arrived" every test uses.
///
/// A wait ends when the count is reached or when the test's task is cancelled (its time
/// limit), so that something that never arrives fails the test instead of hanging the run.
@MainActor
package final class Arrivals<Element> {
  /// Everything that arrived, in order.
  package private(set) var items: [Element] = []
  private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

  package init() {}

  /// Records an arrival and resumes every wait its count reached.
  package func append(_ item: Element) {
    items.append(item)
    waiters.removeAll { waiter in
      guard items.count >= waiter.count else { return false }
      waiter.continuation.resume()
      return true
    }
  }

  /// Forgets what arrived (a waiting count then counts from zero again).
  package func removeAll() { items = [] }

  /// Returns once `count` items have arrived, or once the test is cancelled.
  package func wait(for count: Int) async {
    if items.count >= count { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiters.append((count, $0)) }
    } onCancel: {
      Task { @MainActor in self.resumeEveryWait() }
    }
  }

  private func resumeEveryWait() {
    for waiter in waiters { waiter.continuation.resume() }
    waiters.removeAll()
  }
}
