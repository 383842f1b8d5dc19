import URLResponderChainCore

/// A clock that moves only when your test moves it, for code that waits: a `RemoteAllowlist`
/// made by an ``AllowlistServerStandIn`` on it goes stale, refreshes, retries and backs off on
/// the test's time, and a wait of hours takes none.
///
/// A task that sleeps on it wakes once ``advance(by:)`` reaches its deadline, or throws
/// `CancellationError` when it is cancelled. Wait for the code under test to go to sleep
/// (``sleepers(atLeast:)``) before moving the clock past what it waits for:
///
/// ```swift
/// let clock = TestClock()
/// let server = AllowlistServerStandIn(
///   .document(#"{"version": 1, "allow": ["example.com"]}"#), clock: clock, roundTripTime: .milliseconds(200))
/// let allowlist = try server.remoteAllowlist(configuration)
/// await allowlist.appDidBecomeActive()  // refreshes within 30 s, on this clock
/// await clock.sleepers(atLeast: 1)
/// clock.advance(by: .seconds(30))
/// ```
///
/// ``nextDeadline`` says where the clock is worth moving next: a simulation that moves it from
/// one deadline to the next runs a day of waits as fast as the code between them.
public final class TestClock: Clock, Sendable {
  /// A moment on a test clock: the time since the clock was made.
  public struct Instant: InstantProtocol {
    /// The time since the clock was made.
    public let offset: Duration

    /// The moment `offset` after the clock was made.
    public init(offset: Duration) { self.offset = offset }

    /// The moment `duration` after this one.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// The time from this moment to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// A sleeping task: its deadline, and the order it went to sleep in, which breaks ties so
  /// that tasks due at the same moment wake in that order.
  private struct Sleeper: Sendable {
    let deadline: Instant
    let id: Int

    func comesBefore(_ other: Sleeper) -> Bool { (deadline, id) < (other.deadline, other.id) }
  }

  private struct State: Sendable {
    var now = Instant(offset: .zero)
    var nextID = 0
    /// The sleepers by deadline, earliest first: a binary heap, so that a simulation with
    /// thousands of sleepers moves from one to the next in logarithmic time.
    var queue: [Sleeper] = []
    /// The continuation of each sleeper still asleep; a cancelled one leaves the queue lazily.
    var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
    var countWaiters: [(count: Int, id: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The waiters of ``TestClock/sleepers(atLeast:)`` that the sleepers now satisfy.
    mutating func takeCountWaiters() -> [CheckedContinuation<Void, Never>] {
      let asleep = waiting.count
      let ready = countWaiters.filter { $0.count <= asleep }.map(\.continuation)
      countWaiters.removeAll { $0.count <= asleep }
      return ready
    }

    /// Takes the cancelled sleepers off the front of the queue, so that its first is due.
    mutating func dropCancelledSleepers() {
      while let first = queue.first, waiting[first.id] == nil { popFirst() }
    }

    /// Adds `sleeper` to the heap.
    mutating func push(_ sleeper: Sleeper) {
      queue.append(sleeper)
      var child = queue.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard queue[child].comesBefore(queue[parent]) else { break }
        queue.swapAt(child, parent)
        child = parent
      }
    }

    /// Removes the earliest sleeper from the heap.
    mutating func popFirst() {
      queue.swapAt(0, queue.count - 1)
      queue.removeLast()
      var parent = 0
      while true {
        let (left, right) = (2 * parent + 1, 2 * parent + 2)
        var first = parent
        if left < queue.count, queue[left].comesBefore(queue[first]) { first = left }
        if right < queue.count, queue[right].comesBefore(queue[first]) { first = right }
        guard first != parent else { return }
        queue.swapAt(parent, first)
        parent = first
      }
    }
  }

  private let state = LockedValue(State())

  /// A clock at zero, with no task asleep on it.
  public init() {}

  /// Now, on this clock: the time the test has moved it by.
  public var now: Instant { state.withLock { $0.now } }

  /// None: the clock wakes a sleeper exactly at its deadline.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on the clock.
  public var sleeperCount: Int { state.withLock { $0.waiting.count } }

  /// The earliest deadline a task is asleep until, or `nil` when none is.
  public var nextDeadline: Instant? {
    state.withLock { state in
      state.dropCancelledSleepers()
      return state.queue.first?.deadline
    }
  }

  /// Suspends until the clock reaches `deadline`, at once if it has.
  ///
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    if deadline <= now {
      try Task.checkCancellation()
      return
    }
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // Checked under the lock: a cancellation that came before this point finds no
        // sleeper to wake, so it is seen here instead.
        let (asleep, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
          guard !Task.isCancelled else { return (false, []) }
          state.waiting[id] = continuation
          state.push(Sleeper(deadline: deadline, id: id))
          return (true, state.takeCountWaiters())
        }
        for waiter in ready { waiter.resume() }
        if !asleep { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      state.withLock { $0.waiting.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration` and wakes every task whose deadline it reaches,
  /// earliest first. The woken tasks run once the test's task suspends, and see the new time.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "a clock never goes back")
    let woken = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      var due: [CheckedContinuation<Void, any Error>] = []
      while let first = state.queue.first, first.deadline <= state.now {
        state.popFirst()
        if let continuation = state.waiting.removeValue(forKey: first.id) { due.append(continuation) }
      }
      return due
    }
    for continuation in woken { continuation.resume() }
  }

  /// Returns once at least `count` tasks are asleep on the clock, or the calling task is
  /// cancelled: then the code under test waits for the time the test is about to give it.
  public func sleepers(atLeast count: Int) async {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let waits = state.withLock { state in
          guard state.waiting.count < count, !Task.isCancelled else { return false }
          state.countWaiters.append((count, id, continuation))
          return true
        }
        if !waits { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let index = state.countWaiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.countWaiters.remove(at: index).continuation
      }
      waiter?.resume()
    }
  }
}
