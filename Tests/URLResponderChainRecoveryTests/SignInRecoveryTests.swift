import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling
import URLResponderChainRecovery
import URLResponderChainTesting

/// Where the app keeps its token; the operations read it on every attempt.
@MainActor
private final class CredentialStore {
  var token = "expired"
  private(set) var signIns = 0
  func signIn(accepting: Bool) -> Bool {
    signIns += 1
    if accepting { token = "fresh" }
    return accepting
  }
}

/// A request against a server that accepts only `validToken`, recording the tokens it saw.
@MainActor
private final class AuthenticatedRequest {
  let store: CredentialStore
  var validToken: String? = "fresh"
  private(set) var sentTokens: [String] = []
  let refused = Gate()
  init(store: CredentialStore) { self.store = store }
  func callAsFunction() async throws -> String {
    sentTokens.append(store.token)
    guard store.token == validToken else {
      refused.open()
      throw unauthorized
    }
    return "profile"
  }
}

/// The app's sign-in screen: takes sign-in prompts only, and signs in (or is cancelled).
private final class SignInPresenter: Linked, ErrorHandler {
  let store: CredentialStore
  var accepts = true
  private(set) var presented = 0
  init(store: CredentialStore) { self.store = store }
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard let error = error as? SignInRequiredError else { return .notHandled }
    presented += 1
    Task { [store, accepts] in await error.signIn { store.signIn(accepting: accepts) } }
    return .handled
  }
}

@MainActor
@Suite struct SignInRecoveryTests {
  private let store = CredentialStore()
  private let signIn: SignInPresenter
  private let origin: Node
  let recovery = RecoveryCoordinator()

  init() {
    signIn = SignInPresenter(store: store)
    origin = Node(next: signIn)
  }

  @Test func signingInRetriesEveryWaitingRequestWithTheFreshCredentials() async throws {
    let profile = AuthenticatedRequest(store: store)
    let settings = AuthenticatedRequest(store: store)
    // Both fail before the sign-in ends: the sign-in task runs only after this test yields.
    let first = Task { [recovery, origin] in try await recovery.run(reportingFrom: origin) { try await profile() } }
    let second = Task { [recovery, origin] in try await recovery.run(reportingFrom: origin) { try await settings() } }
    #expect(try await first.value == "profile")
    #expect(try await second.value == "profile")
    #expect(profile.sentTokens == ["expired", "fresh"])
    #expect(settings.sentTokens.last == "fresh")
    #expect(store.signIns == 1)
    #expect(signIn.presented == 1)
  }

  @Test func cancellingSignInFailsEveryWaitingRequest() async throws {
    signIn.accepts = false
    let profile = AuthenticatedRequest(store: store)
    await #expect(throws: unauthorized) { try await recovery.run(reportingFrom: origin) { try await profile() } }
    #expect(profile.sentTokens == ["expired"])
    #expect(store.signIns == 1)
  }

  @Test func aSecondRefusalRightAfterAFreshSignInFailsInsteadOfLooping() async throws {
    let profile = AuthenticatedRequest(store: store)
    profile.validToken = nil  // the server refuses even the fresh token
    await #expect(throws: unauthorized) { try await recovery.run(reportingFrom: origin) { try await profile() } }
    #expect(profile.sentTokens == ["expired", "fresh"])
    #expect(store.signIns == 1)
    #expect(!recovery.isRecovering(.notAuthenticated))
  }

  @Test func theAlertPresenterPassesSignInOnSoOnlyTheAppsSignInTakesIt() async throws {
    let alerts = PromptListener(takes: [.serverError, .offline], next: signIn)
    let view = Node(next: alerts)
    let profile = AuthenticatedRequest(store: store)
    #expect(try await recovery.run(reportingFrom: view) { try await profile() } == "profile")
    #expect(alerts.prompts.isEmpty)
    #expect(signIn.presented == 1)
  }
}
