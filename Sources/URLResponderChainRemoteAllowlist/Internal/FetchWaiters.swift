/// The callers waiting for one fetch: the single flight's bookkeeping.
///
/// However many callers wait, they share one fetch and each is resumed exactly once: with the
/// fetch's answer, or alone with its own answer when it stops waiting first. Kept inside the
/// actor that runs the fetch, so every change is isolated to it.
struct FetchWaiters<Answer: Sendable> {
  private var continuations: [Int: CheckedContinuation<Answer, Never>] = [:]
  private var nextID = 0

  /// A name for a caller about to wait, so that a cancellation arriving before it waits can
  /// name it.
  mutating func reserveID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Adds a waiting caller under a reserved ID.
  mutating func add(_ continuation: CheckedContinuation<Answer, Never>, id: Int) {
    assert(continuations[id] == nil, "one continuation per ID")
    continuations[id] = continuation
  }

  /// Resumes one caller with `answer`, if it still waits; the others go on waiting.
  mutating func resume(id: Int, with answer: Answer) {
    continuations.removeValue(forKey: id)?.resume(returning: answer)
  }

  /// Resumes every waiting caller with the fetch's `answer`.
  mutating func resumeAll(with answer: Answer) {
    let waiting = continuations
    continuations = [:]
    for continuation in waiting.values { continuation.resume(returning: answer) }
  }
}
