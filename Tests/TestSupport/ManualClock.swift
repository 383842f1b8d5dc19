import Foundation
import URLResponderChainCore

// The iOS SDK has no Testing module; apple-typecheck compiles this target for iOS too.
#if canImport(Testing)
  package import Testing
#endif

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A clock that moves only when a test advances it: sleepers wake in deadline order once
/// `advance(by:)` reaches their deadline, or throw when their task is cancelled. Waits that
/// would take seconds take none, and no test depends on how loaded the machine is.
package final class ManualClock: Clock, Sendable {
  package struct Instant: InstantProtocol {
    var offset: Duration
    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
    var requested: [Duration] = []
    var sleeperWaiters: [(id: Int, count: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  }

  private let state = LockedValue(State())

  package init() {}

  package var now: Instant { state.withLock { $0.now } }
  package var minimumResolution: Duration { .zero }

  /// Every sleep asked for, as a duration from the moment it was asked.
  package var requestedSleeps: [Duration] { state.withLock { $0.requested } }

  package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (resumeNow, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Bool, Never>]) in
          state.requested.append(state.now.duration(to: deadline))
          if deadline <= state.now || Task.isCancelled { return (true, []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          let count = state.sleepers.count
          let ready = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
          state.sleeperWaiters.removeAll { $0.count <= count }
          return (false, ready)
        }
        ready.forEach { $0.resume(returning: true) }
        if resumeNow {
          if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking every sleeper whose deadline it reaches.
  package func advance(by duration: Duration) {
    let woken = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  #if canImport(Testing)
    /// Returns once at least `count` tasks are asleep on this clock.
    ///
    /// A task that never goes to sleep on this clock (code that waits on another clock) is a
    /// failure, recorded after 30 seconds of real time, not a test that hangs.
    package func sleepers(atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
      let arrived = await withTaskGroup(of: Bool.self) { group in
        group.addTask { await self.waitForSleepers(atLeast: count) }
        group.addTask {
          try? await Task.sleep(for: .seconds(30))
          return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
      }
      if !arrived {
        Issue.record("fewer than \(count) tasks went to sleep on the clock", sourceLocation: sourceLocation)
      }
    }
  #endif

  /// Whether `count` sleepers arrived before the task was cancelled.
  private func waitForSleepers(atLeast count: Int) async -> Bool {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        // `true` when they are here, `false` when cancelled, `nil` when waiting for them.
        let answer = state.withLock { state -> Bool? in
          if state.sleepers.count >= count { return true }
          if Task.isCancelled { return false }
          state.sleeperWaiters.append((id, count, continuation))
          return nil
        }
        if let answer { continuation.resume(returning: answer) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        guard let index = state.sleeperWaiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleeperWaiters.remove(at: index).continuation
      }
      waiter?.resume(returning: false)
    }
  }
}
