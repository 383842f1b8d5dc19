import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling

private struct NetworkDown: Error {}
private struct FriendlyError: AlertableError {
  var title: String { "Offline" }
  var message: String { "Check your connection." }
}

/// A node that records every error it is asked about and answers by `answer`.
@MainActor
final class ErrorNode: ErrorHandler {
  var next: (any ResponderChainNode)?
  let answer: (any Error) -> ErrorHandlingDecision
  private(set) var received: [any Error] = []
  init(next: (any ResponderChainNode)? = nil, answer: @escaping (any Error) -> ErrorHandlingDecision) {
    self.next = next
    self.answer = answer
  }
  var nextNode: (any ResponderChainNode)? { next }
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    received.append(error)
    return answer(error)
  }
}

@MainActor
private final class AlertShower: ErrorHandler {
  var next: (any ResponderChainNode)?
  private(set) var shown: [String] = []
  var nextNode: (any ResponderChainNode)? { next }
  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard let error = error as? FriendlyError else { return .notHandled }
    shown.append(error.message)
    return .handled
  }
}

@MainActor
@Suite struct ErrorReportingTests {
  @Test func theNearestHandlerThatKnowsHowHandlesTheError() async {
    let top = ErrorNode { _ in .handled }
    let nearest = ErrorNode(next: top) { _ in .handled }
    let handled = await Node(next: nearest).reportError(NetworkDown())
    #expect(handled)
    #expect(nearest.received.count == 1)
    #expect(top.received.isEmpty)
  }

  @Test func anErrorNobodyHandlesReturnsFalse() async {
    let passer = ErrorNode { _ in .notHandled }
    #expect(await Node(next: passer).reportError(NetworkDown()) == false)
    #expect(passer.received.count == 1)
  }

  @Test func aTransformedErrorIsWhatTheHandlersAboveSee() async {
    let shower = AlertShower()
    let transformer = ErrorNode(next: shower) { error in
      error is NetworkDown ? .rewrite(FriendlyError()) : .notHandled
    }
    #expect(await transformer.reportError(NetworkDown()))
    #expect(shower.shown == ["Check your connection."])
  }

  @Test func aTypedHandlerPassesOnErrorsOfOtherTypes() async {
    let top = ErrorNode { _ in .handled }
    let shower = AlertShower()
    shower.next = top
    #expect(await shower.reportError(NetworkDown()))
    #expect(shower.shown.isEmpty)
    #expect(top.received.first is NetworkDown)
  }

  @Test func errorReportingEndsOnACycle() async {
    let handler = ErrorNode { _ in .notHandled }
    handler.next = Node(next: handler)
    #expect(await handler.reportError(NetworkDown()) == false)
    #expect(handler.received.count == 1)
  }

  @Test func aFailedPropagationBecomesAnAlertableError() async throws {
    let result = await ImmediateHandler(.discarded(reason: "not on the allowlist")).propagateURL(exampleURL)
    let error = try #require(result.error)
    #expect(error.title == "Link not opened")
    #expect(error.message == "The link to example.com was blocked: not on the allowlist.")
    let shower = ErrorNode { error in
      (error as? any AlertableError)?.message.isEmpty == false ? .handled : .notHandled
    }
    #expect(await Node(next: shower).reportError(error))
  }

  @Test func aHandledPropagationHasNoError() async {
    #expect(await ImmediateHandler(.handled).propagateURL(exampleURL).error == nil)
  }

  @Test func anAlertableErrorWithOnlyAMessageGetsAGenericTitle() {
    struct Plain: AlertableError { var message: String { "m" } }
    #expect(Plain().title == "Something went wrong")
  }
}
