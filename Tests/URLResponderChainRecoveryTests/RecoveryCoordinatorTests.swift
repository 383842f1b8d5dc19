import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainTesting

/// The app-request API and the server-error kind; offline and sign-in have their own suites.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct RecoveryCoordinatorTests {
  let listener = PromptListener()
  let origin: Node
  let recovery = RecoveryCoordinator()

  init() {
    origin = Node(next: listener)
  }

  private func run(_ operation: ScriptedOperation) -> Task<Int, any Error> {
    Task { [recovery, origin] in try await recovery.run(reportingFrom: origin) { try await operation() } }
  }

  /// Two operations that failed with 503, the second after the first one's prompt appeared.
  private func twoOperationsWaitingOnOnePrompt(
    second failure: any Error = serverDown
  ) async -> (Task<Int, any Error>, Task<Int, any Error>) {
    let first = ScriptedOperation(failing: [serverDown])
    let second = ScriptedOperation(failing: [failure])
    let firstRun = run(first)
    await listener.waitForPrompts()
    let secondRun = run(second)
    await second.failed(1).opened()
    // Its failure reaches the coordinator after the operation saw it: wait until it joined.
    await recovery.untilWaitingOperations(2, for: .serverError)
    return (firstRun, secondRun)
  }

  @Test func anOperationThatSucceedsIsRunOnceWithNoPrompt() async throws {
    let operation = ScriptedOperation(failing: [])
    #expect(try await recovery.run(reportingFrom: origin) { try await operation() } == 1)
    #expect(listener.prompts.isEmpty)
  }

  @Test func concurrentServerFailuresShareOnePromptAndRetryTogether() async throws {
    let (firstRun, secondRun) = await twoOperationsWaitingOnOnePrompt()
    #expect(listener.prompts.count == 1)
    #expect(recovery.waitingOperations(for: .serverError) == 2)
    #expect(recovery.waitingOperations(for: .offline) == 0)
    let prompt = try #require(listener.prompts.first as? ServerFailureError)
    #expect(prompt.title == "Something went wrong")
    #expect(prompt.underlyingError as? HTTPStatusError == serverDown)
    #expect(recovery.isRecovering(.serverError))
    prompt.resolve(.retry)
    #expect(try await firstRun.value == 2)
    #expect(try await secondRun.value == 2)
    #expect(listener.prompts.count == 1)
    #expect(!recovery.isRecovering(.serverError))
    #expect(await prompt.resolution() == .retry)
  }

  @Test func cancelFailsEveryWaitingOperationWithTheFailureThatStartedIt() async throws {
    let (firstRun, secondRun) = await twoOperationsWaitingOnOnePrompt(second: URLError(.badServerResponse))
    listener.prompts[0].resolve(.cancel)
    await #expect(throws: serverDown) { try await firstRun.value }
    await #expect(throws: URLError(.badServerResponse)) { try await secondRun.value }
  }

  @Test func aSecondFailureAfterRetryPromptsAgain() async throws {
    let operation = ScriptedOperation(failing: [serverDown, serverDown])
    let running = run(operation)
    await listener.waitForPrompts(1)
    listener.prompts[0].resolve(.retry)
    await listener.waitForPrompts(2)
    listener.prompts[1].resolve(.retry)
    #expect(try await running.value == 3)
  }

  @Test func failuresThatRetryingCannotFixAreThrownAsTheyAreWithNoPrompt() async throws {
    struct Decoding: Error, Equatable {}
    for failure in [HTTPStatusError(statusCode: 404), HTTPStatusError(statusCode: 403), Decoding()] as [any Error] {
      let operation = ScriptedOperation(failing: [failure])
      await #expect(throws: (any Error).self) {
        try await recovery.run(reportingFrom: origin) { try await operation() }
      }
      #expect(operation.attempts == 1)
    }
    #expect(listener.prompts.isEmpty)
  }

  @Test func withNobodyToAskTheOperationFails() async throws {
    let lonely = Node()
    let operation = ScriptedOperation(failing: [serverDown])
    await #expect(throws: serverDown) { try await recovery.run(reportingFrom: lonely) { try await operation() } }
    #expect(operation.attempts == 1)
    #expect(!recovery.isRecovering(.serverError))
  }

  @Test func eachKindIsItsOwnErrorTypeSoDifferentHandlersTakeEach() async throws {
    let root = PromptListener(takes: [.serverError, .notAuthenticated])
    let screen = PromptListener(takes: [.offline], next: root)
    let view = Node(next: screen)
    let offline = ScriptedOperation(failing: [notConnected])
    let server = ScriptedOperation(failing: [serverDown])
    let signIn = ScriptedOperation(failing: [unauthorized])
    let runs = [offline, server, signIn].map { operation in
      Task { [recovery] in try await recovery.run(reportingFrom: view) { try await operation() } }
    }
    await screen.waitForPrompts(1)
    await root.waitForPrompts(2)
    #expect(screen.prompts.first is OfflineError)
    #expect(root.prompts.contains { $0 is ServerFailureError })
    #expect(root.prompts.contains { $0 is SignInRequiredError })
    for prompt in screen.prompts + root.prompts { prompt.resolve(.cancel) }
    for run in runs { await #expect(throws: (any Error).self) { try await run.value } }
  }

  /// What the alert presenter reads: Retry and Cancel for a server or offline prompt, no alert
  /// for a sign-in (the app's sign-in answers it), and the end of a recovery through the
  /// `RetryableError` it holds, so an alert closes itself when the recovery ends without a tap.
  @Test func promptsAreAlertedAsRetryableExceptSignInAndTheirAlertsHearTheEnd() async throws {
    let root = PromptListener(takes: [.serverError, .notAuthenticated, .offline])
    let view = Node(next: root)
    let operations = [notConnected, serverDown, unauthorized].map { (failure: any Error) in
      ScriptedOperation(failing: [failure])
    }
    let runs = operations.map { operation in
      Task { [recovery] in try await recovery.run(reportingFrom: view) { try await operation() } }
    }
    await root.waitForPrompts(3)
    let signIn = try #require(root.prompts.first { $0 is SignInRequiredError })
    #expect(!(signIn is any AlertableError))
    #expect(AlertContent(for: signIn) == nil)
    var ends: [RecoveryChoice] = []
    for prompt in root.prompts where !(prompt is SignInRequiredError) {
      let retryable = try #require(prompt as? any RetryableError)
      #expect(AlertContent(for: prompt)?.buttons == [.retry, .cancel])
      retryable.whenResolved { ends.append($0) }
    }
    for prompt in root.prompts { prompt.resolve(.cancel) }
    #expect(ends == [.cancel, .cancel])
    for run in runs { await #expect(throws: (any Error).self) { try await run.value } }
  }

  @Test func twoKindsMayBePendingAtOnceAndEndIndependently() async throws {
    let network = ControllableConnectivityMonitor(isConnected: false)
    recovery.connectivity = network
    let offline = ScriptedOperation(failing: [notConnected])
    let server = ScriptedOperation(failing: [serverDown])
    let offlineRun = run(offline)
    let serverRun = run(server)
    await listener.waitForPrompts(2)
    #expect(recovery.isRecovering(.offline) && recovery.isRecovering(.serverError))
    let serverPrompt = try #require(listener.prompts.first { $0.kind == .serverError })
    serverPrompt.resolve(.retry)
    #expect(try await serverRun.value == 2)
    #expect(recovery.isRecovering(.offline))
    #expect(offline.attempts == 1)
    network.isConnected = true
    #expect(try await offlineRun.value == 2)
    #expect(!recovery.isRecovering(.offline))
  }

  @Test func aCancelledTaskStopsWaitingAndItsPromptCloses() async throws {
    let operation = ScriptedOperation(failing: [serverDown])
    let running = run(operation)
    await listener.waitForPrompts()
    let prompt = listener.prompts[0]
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    // The only waiting operation left, so the prompt ends (and would close) with cancel.
    #expect(await prompt.resolution() == .cancel)
    #expect(!recovery.isRecovering(.serverError))
    #expect(operation.attempts == 1)
  }

  @Test func aCancelledTaskLeavesTheOthersWaiting() async throws {
    let (firstRun, secondRun) = await twoOperationsWaitingOnOnePrompt()
    firstRun.cancel()
    await #expect(throws: CancellationError.self) { try await firstRun.value }
    #expect(recovery.isRecovering(.serverError))
    listener.prompts[0].resolve(.retry)
    #expect(try await secondRun.value == 2)
  }

  @Test func aPromptItsHandlerLetGoOfUnansweredFailsTheWaitingOperations() async throws {
    weak var released: PromptListener?
    var ends: [RecoveryChoice] = []
    let operation = ScriptedOperation(failing: [serverDown])
    let running: Task<Int, any Error>
    do {
      let screen = PromptListener(next: listener)
      released = screen
      let view = Node(next: screen)
      running = Task { [recovery] in try await recovery.run(reportingFrom: view) { try await operation() } }
      await screen.waitForPrompts()
      screen.prompts[0].whenResolved { ends.append($0) }  // an alert closing itself; keeps nothing
      view.next = listener  // the screen is dismissed: out of the chain, and released
    }
    #expect(released == nil)
    await #expect(throws: serverDown) { try await running.value }
    #expect(ends == [.cancel])
    #expect(!recovery.isRecovering(.serverError))
    #expect(listener.prompts.isEmpty)
  }

  @Test func theNodeExtensionUsesTheGivenCoordinatorAndClassifier() async throws {
    struct SessionGone: Error {}
    let classifier = RecoveryClassifier { error, connected in
      error is SessionGone ? .serverError : RecoveryClassifier.standard.kind(of: error, isConnected: connected)
    }
    let operation = ScriptedOperation(failing: [SessionGone()])
    let running = Task { [recovery, origin] in
      try await origin.runRecovering(using: recovery, classifier: classifier) { try await operation() }
    }
    await listener.waitForPrompts()
    #expect(listener.prompts[0].underlyingError is SessionGone)
    listener.prompts[0].resolve(.retry)
    #expect(try await running.value == 2)
  }

  @Test func thePromptsWordsCanBeChosenPerKind() async throws {
    let operation = ScriptedOperation(failing: [serverDown])
    let running = Task { [recovery, origin] in
      try await recovery.run(
        reportingFrom: origin,
        text: { kind, error in RecoveryPromptText(title: "Can't load", message: "\(kind): \(error)") }
      ) { try await operation() }
    }
    await listener.waitForPrompts()
    #expect(listener.prompts[0].title == "Can't load")
    #expect(listener.prompts[0].message == "server error: HTTP 503")
    listener.prompts[0].resolve(.cancel)
    _ = try? await running.value
  }

  @Test func serverAndOfflinePromptsOfferRetryAndCancelWhileSignInIsLeftToTheApp() async throws {
    let runs = ([serverDown, notConnected, unauthorized] as [any Error]).map { failure in
      let operation = ScriptedOperation(failing: [failure])
      return run(operation)
    }
    await listener.waitForPrompts(3)
    for prompt in listener.prompts {
      let content = AlertContent(for: prompt)
      #expect(prompt.kind == .notAuthenticated ? content == nil : content?.buttons == [.retry, .cancel])
      prompt.resolve(.cancel)
    }
    for run in runs { await #expect(throws: (any Error).self) { try await run.value } }
  }

  @Test func anOperationThatLeavesWhileTheFirstPromptIsStillBeingShownDoesNotEndIt() async throws {
    let shown = Gate()
    let slow = SlowPromptHandler(until: shown, next: listener)
    let view = Node(next: slow)
    let first = ScriptedOperation(failing: [serverDown])
    let second = ScriptedOperation(failing: [serverDown])
    let firstRun = Task { [recovery] in try await recovery.run(reportingFrom: view) { try await first() } }
    await slow.reached.opened()  // the first prompt is on its way up, its handler still busy
    let secondRun = run(second)
    await second.failed(1).opened()
    secondRun.cancel()
    await #expect(throws: CancellationError.self) { try await secondRun.value }
    #expect(recovery.isRecovering(.serverError))
    shown.open()
    await listener.waitForPrompts()
    listener.prompts[0].resolve(.retry)
    #expect(try await firstRun.value == 2)
  }
}
