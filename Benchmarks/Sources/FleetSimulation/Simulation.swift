import Foundation
import OneThreadExecutor
import URLResponderChainTesting

/// A list server and the tasks that use it, on a test clock, run to the end one moment at a
/// time: every task runs until all of them wait, then the clock moves to the next deadline.
///
/// Every task runs on the thread that calls ``run(until:)`` (the one-thread executor), so
/// "no job left" means the moment is over, and the run needs no real time at all.
final class Simulation {
  let clock = TestClock()
  let server: AllowlistServerStandIn
  /// When each request reached the server, in order.
  private(set) var requestArrivals: [TestClock.Instant] = []

  /// A simulation whose server answers `reply`, each answer `roundTripTime` after its request.
  init(reply: AllowlistServerStandIn.Reply, roundTripTime: Duration) {
    server = AllowlistServerStandIn(reply, clock: clock, roundTripTime: roundTripTime)
  }

  /// Starts `operation` as a task of the simulation; it runs once ``run(until:)`` does.
  func start(_ operation: @escaping @Sendable () async -> Void) {
    Task { await operation() }
  }

  /// Runs every task until all wait, then moves the clock to the next deadline, until no task
  /// sleeps on the clock or the next deadline is past `end`.
  func run(until end: TestClock.Instant) {
    precondition(Thread.isMainThread, "the simulation runs its tasks on the main thread")
    while true {
      while one_thread_executor_run_next() {}
      // A request reaches the stand-in during a moment: stamp those of this one with its time.
      let received = server.requests.count
      while requestArrivals.count < received { requestArrivals.append(clock.now) }
      guard let next = clock.nextDeadline, next <= end else { return }
      clock.advance(by: clock.now.duration(to: next))
    }
  }
}
