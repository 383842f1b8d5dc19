import Foundation

/// A value shared across threads, read and written under a lock.
///
/// `@unchecked Sendable` is sound: `value` is only touched inside `withLock`, which holds
/// `lock` for the whole access, and `Value` is itself `Sendable`.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
