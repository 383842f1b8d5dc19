/// A clock to measure timeouts and wait on: any `Clock<Duration>` (the continuous clock in an
/// app, a clock a test moves by hand), read as the time since this value was made.
///
/// The clock's own `Instant` type is erased into two closures, so a type that waits can hold
/// one without becoming generic over its clock. A class, as it is never changed: one
/// reference to copy instead of two closures, in every type that holds one.
package final class WaitClock: Sendable {
  /// The time passed since the clock was taken.
  package let elapsed: @Sendable () -> Duration
  /// Waits `duration` on the clock; throws when the task is cancelled.
  package let sleep: @Sendable (Duration) async throws -> Void

  package init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(for: $0) }
  }
}
