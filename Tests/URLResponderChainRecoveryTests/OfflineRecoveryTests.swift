import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainTesting

/// Offline: collected behind one prompt and resubmitted by themselves when the network returns.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct OfflineRecoveryTests {
  let listener = PromptListener()
  let origin: Node
  let network = ControllableConnectivityMonitor(isConnected: false)
  let recovery: RecoveryCoordinator

  init() {
    origin = Node(next: listener)
    recovery = RecoveryCoordinator(connectivity: network)
  }

  private func run(_ operation: ScriptedOperation) -> Task<Int, any Error> {
    Task { [recovery, origin] in try await recovery.run(reportingFrom: origin) { try await operation() } }
  }

  @Test func twoOperationsFailOfflineOnePromptAppearsAndBothRetryByThemselves() async throws {
    let first = ScriptedOperation(failing: [notConnected])
    let second = ScriptedOperation(failing: [URLError(.cannotConnectToHost)])  // offline while the path is down
    let firstRun = run(first)
    let secondRun = run(second)
    await first.failed(1).opened()
    await second.failed(1).opened()
    #expect(listener.prompts.count == 1)
    let prompt = try #require(listener.prompts.first as? OfflineError)
    #expect(prompt.title == "You're offline")
    let closed = Task { await prompt.resolution() }
    var ends: [RecoveryChoice] = []
    prompt.whenResolved { ends.append($0) }
    network.isConnected = true
    #expect(ends == [.retry])
    #expect(try await firstRun.value == 2)
    #expect(try await secondRun.value == 2)
    #expect(try await closed.value(within: .deadline) == .retry)  // the prompt closes without a tap
    #expect(prompt.isResolved)
    #expect(listener.prompts.count == 1)
  }

  @Test func thePersonCanStillCancel() async throws {
    let operation = ScriptedOperation(failing: [notConnected])
    let running = run(operation)
    await listener.waitForPrompts()
    listener.prompts[0].resolve(.cancel)
    await #expect(throws: notConnected) { try await running.value }
    network.isConnected = true
    #expect(operation.attempts == 1)
  }

  @Test func retryingByHandBeforeTheNetworkReturnsIsAllowed() async throws {
    let operation = ScriptedOperation(failing: [notConnected])
    let running = run(operation)
    await listener.waitForPrompts()
    listener.prompts[0].resolve(.retry)
    #expect(try await running.value == 2)
  }

  @Test func flappingRetriesOncePerReturnOfTheNetwork() async throws {
    let operation = ScriptedOperation(failing: Array(repeating: notConnected, count: 3))
    let running = run(operation)
    await operation.failed(1).opened()
    network.isConnected = true  // back: one retry, which fails offline again
    await operation.failed(2).opened()
    #expect(operation.attempts == 2)
    network.isConnected = true  // repeated "connected" from the monitor: not a return
    network.isConnected = true
    network.isConnected = false
    network.isConnected = false
    #expect(operation.attempts == 2)
    #expect(recovery.isRecovering(.offline))
    network.isConnected = true  // back again: one more retry
    await operation.failed(3).opened()
    #expect(operation.attempts == 3)
    network.isConnected = false
    network.isConnected = true
    #expect(try await running.value == 4)
    #expect(listener.prompts.count == 3)  // one prompt per offline spell
  }

  @Test func aFailureFromBeforeTheNetworkReturnedIsRetriedAtOnceWithoutAPrompt() async throws {
    let started = Gate()
    let release = Gate()
    var attempts = 0
    let running = Task { [recovery, origin] in
      try await recovery.run(reportingFrom: origin) {
        attempts += 1
        if attempts == 1 {
          started.open()
          await release.wait()
          throw notConnected
        }
        return attempts
      }
    }
    await started.opened()
    network.isConnected = true  // the network returns while the request is still failing
    release.open()
    #expect(try await running.value == 2)
    #expect(listener.prompts.isEmpty)
  }

  @Test func anOfflinePromptLetGoOfStillResubmitsWhenTheNetworkReturns() async throws {
    let operation = ScriptedOperation(failing: [notConnected])
    let running = run(operation)
    await listener.waitForPrompts()
    listener.dropPrompts()  // the screen showing it went away
    await recovery.untilPromptReleased(for: .offline)
    #expect(recovery.isRecovering(.offline), "letting go of the prompt did not end the recovery")
    network.isConnected = true
    #expect(try await running.value == 2)
  }

  @Test func withoutAMonitorAnOfflinePromptLetGoOfFailsTheOperation() async throws {
    let recovery = RecoveryCoordinator()
    let operation = ScriptedOperation(failing: [notConnected])
    let running = Task { [origin] in try await recovery.run(reportingFrom: origin) { try await operation() } }
    await listener.waitForPrompts()
    listener.dropPrompts()
    await #expect(throws: notConnected) { try await running.value }
  }

  @Test func aCancelledTaskStopsWaitingForTheNetwork() async throws {
    let operation = ScriptedOperation(failing: [notConnected])
    let running = run(operation)
    await listener.waitForPrompts()
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(!recovery.isRecovering(.offline))
    network.isConnected = true
    #expect(operation.attempts == 1)
  }

  @Test func changingTheMonitorStopsObservingTheOldOne() async throws {
    #expect(network.observerCount == 1)
    let other = ControllableConnectivityMonitor(isConnected: false)
    recovery.connectivity = other
    #expect(network.observerCount == 0)
    #expect(other.observerCount == 1)
    let operation = ScriptedOperation(failing: [notConnected])
    let running = run(operation)
    await listener.waitForPrompts()
    network.isConnected = true  // the old monitor no longer counts
    #expect(recovery.isRecovering(.offline))
    other.isConnected = true
    #expect(try await running.value == 2)
  }

  @Test func transportFailuresAreOfflineOnlyWhileTheNetworkIsDown() async throws {
    network.isConnected = true
    let operation = ScriptedOperation(failing: [URLError(.cannotConnectToHost)])
    let running = run(operation)
    await listener.waitForPrompts()
    #expect(listener.prompts[0] is ServerFailureError)
    listener.prompts[0].resolve(.retry)
    #expect(try await running.value == 2)
  }

  @Test func aReleasedCoordinatorStopsObservingItsMonitor() async throws {
    let monitor = ControllableConnectivityMonitor()
    weak var released: RecoveryCoordinator?
    do {
      let coordinator = RecoveryCoordinator(connectivity: monitor)
      released = coordinator
      #expect(monitor.observerCount == 1)
    }
    #expect(released == nil)
    // The cancellation hops to the main actor, from a task of its own.
    await monitor.untilUnobserved()
    #expect(monitor.observerCount == 0)
  }
}
