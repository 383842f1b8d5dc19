/// The watchdog: a task that sleeps until the awaited handler's deadline and gives it up if
/// the walk still waits for it then. Started only once a handler suspends.
extension PropagationWalk {
  func startWatchdog() {
    guard watchdog == nil, !isFinished else { return }
    watchdog = Task { await self.watch() }
  }

  private func watch() async {
    // Runs only while the walk is suspended in a handler, or after it finished.
    while case .awaiting(let pending) = phase {
      let left = pending.askedAt + timeout - timeoutClock.now(tick: MonotonicClock.now())
      if left <= .zero { return timeOut() }
      do {
        // In steps of a day at most: a clock may not be able to sleep until a deadline
        // centuries away (a `Duration` holds far more seconds than a clock's instant).
        try await timeoutClock.sleep(min(left, Self.longestSleep))
      } catch {
        return
      }
    }
  }

  private static var longestSleep: Duration { .seconds(86_400) }
}
