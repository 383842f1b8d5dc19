import URLResponderChainCore

/// The clock the remote client measures its timeouts and waits its retries on: any
/// `Clock<Duration>` (the continuous clock in an app, a clock a test moves by hand), read as
/// the time since this value was made.
struct WaitClock: Sendable {
  /// The time passed since the clock was taken.
  let elapsed: @Sendable () -> Duration
  /// Waits `duration` on the clock; throws when the task is cancelled.
  let sleep: @Sendable (Duration) async throws -> Void

  init<C: Clock<Duration>>(_ clock: C) {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { try await clock.sleep(for: $0) }
  }
}
