/// The clock a walk's handler timeout runs on.
///
/// With the default `ContinuousClock` the walk reads the monotonic clock it already reads for
/// its trace, so an awaited handler costs no extra clock read; any other clock (a test's) is
/// read and slept on through a ``WaitClock``.
enum TimeoutClock {
  /// The system's monotonic clock: readings are the trace's own ticks.
  case monotonic
  /// A clock the app or a test passed in.
  case injected(WaitClock)

  init(_ clock: any Clock<Duration>) {
    // A comparison of type metadata: a cast of the existential costs a few hundred
    // nanoseconds, and every propagation makes one of these.
    self = type(of: clock) == ContinuousClock.self ? .monotonic : .injected(WaitClock(clock))
  }

  /// The time now on this clock, given the monotonic clock's reading `tick` (taken anyway).
  func now(tick: UInt64) -> Duration {
    switch self {
    case .monotonic: .nanoseconds(Int64(clamping: tick))
    case .injected(let clock): clock.elapsed()
    }
  }

  /// Waits `duration` on this clock; throws when the task is cancelled.
  func sleep(_ duration: Duration) async throws {
    switch self {
    case .monotonic: try await Task.sleep(for: duration)
    case .injected(let clock): try await clock.sleep(duration)
    }
  }
}
