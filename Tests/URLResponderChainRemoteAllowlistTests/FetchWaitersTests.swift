import TestSupport
import Testing

@testable import URLResponderChainRemoteAllowlist

/// The single flight's bookkeeping alone: every waiter is resumed exactly once, with the
/// fetch's answer or, when it stops waiting first, with its own.
@Suite struct FetchWaitersTests {
  /// Callers waiting on one `FetchWaiters`, kept by an actor as the remote allowlist keeps it.
  actor Flight {
    var waiters = FetchWaiters<String>()

    /// Starts a caller that waits; returns its ID and its task once it waits.
    func startWaiting() async -> (id: Int, answer: Task<String, Never>) {
      let id = waiters.reserveID()
      let (waiting, nowWaiting) = AsyncStream<Void>.makeStream()
      let task = Task { await wait(id: id) { nowWaiting.yield() } }
      for await _ in waiting { break }
      return (id, task)
    }

    private func wait(id: Int, then waiting: @Sendable () -> Void) async -> String {
      await withCheckedContinuation { continuation in
        waiters.add(continuation, id: id)
        waiting()
      }
    }

    func resume(id: Int, with answer: String) { waiters.resume(id: id, with: answer) }
    func resumeAll(with answer: String) { waiters.resumeAll(with: answer) }
  }

  @Test func everyWaiterGetsTheOneAnswer() async throws {
    let flight = Flight()
    let first = await flight.startWaiting()
    let second = await flight.startWaiting()
    await flight.resumeAll(with: "list")
    #expect(try await first.answer.value(within: .seconds(10)) == "list")
    #expect(try await second.answer.value(within: .seconds(10)) == "list")
  }

  @Test func aWaiterThatStopsGetsItsOwnAnswerAndTheOthersGoOnWaiting() async throws {
    let flight = Flight()
    let leaving = await flight.startWaiting()
    let staying = await flight.startWaiting()
    await flight.resume(id: leaving.id, with: "cancelled")
    #expect(try await leaving.answer.value(within: .seconds(10)) == "cancelled")
    // Resumed once only: the fetch's answer does not reach it again (a second resume would trap).
    await flight.resumeAll(with: "list")
    #expect(try await staying.answer.value(within: .seconds(10)) == "list")
  }

  @Test func stoppingAfterTheAnswerOrForAnUnknownIDDoesNothing() async throws {
    let flight = Flight()
    let waiter = await flight.startWaiting()
    await flight.resumeAll(with: "list")
    await flight.resume(id: waiter.id, with: "cancelled")
    await flight.resume(id: 999, with: "cancelled")
    #expect(try await waiter.answer.value(within: .seconds(10)) == "list")
  }

  @Test func reservedIDsAreDistinct() {
    var waiters = FetchWaiters<String>()
    let ids = (0..<100).map { _ in waiters.reserveID() }
    #expect(Set(ids).count == 100)
  }
}
