import Foundation

/// A task had no value within its deadline: a waiter was lost, not merely slow.
package struct DeadlinePassed: Error, CustomStringConvertible {
  package let deadline: Duration
  package var description: String { "the task had no value within \(deadline) of real time" }
}

extension Task where Failure == Never {
  /// The task's value, or ``DeadlinePassed`` when it has none within `deadline` of real time:
  /// a bug that loses a waiter fails its test instead of hanging the whole run. The task
  /// itself is left to finish, or not, on its own.
  package func value(within deadline: Duration = .deadline) async throws -> Success {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Success, DeadlinePassed>, Never>) in
      let once = ResumeOnce(continuation)
      // Only a timer that slept its whole deadline fails the wait: one cancelled because the
      // value came may wake before that value is handed over, and must not beat it.
      let timer = Task<Void, Never> {
        guard (try? await Task<Never, Never>.sleep(for: deadline)) != nil else { return }
        once.resume(.failure(DeadlinePassed(deadline: deadline)))
      }
      Task<Void, Never> {
        let value = await self.value
        once.resume(.success(value))
        timer.cancel()
      }
    }
    return try result.get()
  }
}

/// Resumes a continuation with the first value it is given, and ignores the rest.
private final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
  // `@unchecked`: `continuation` is read and cleared under `lock`, so it is resumed once.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Value, Never>?

  package init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = continuation }

  package func resume(_ value: Value) {
    let continuation = lock.withLock { () -> CheckedContinuation<Value, Never>? in
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(returning: value)
  }
}

extension Duration {
  /// How long a test waits for a value that must come, before it calls the waiter lost: 50 s
  /// of real time. Under four busy loops on two cores the main actor, which most values need,
  /// was seen busy for 30 s; the suites' one-minute time limit is the backstop.
  package static let deadline = Duration.seconds(50)
}
