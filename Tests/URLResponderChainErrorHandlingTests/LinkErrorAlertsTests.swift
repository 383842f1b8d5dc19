import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainErrorHandling
import URLResponderChainTesting

/// A recovery prompt whose resolution the test sees, and which can end by itself (the
/// network returned), as a remote allowlist's offline prompt does.
@MainActor
private final class Prompt: RetryableError {
  nonisolated var message: String { "You are offline." }
  private(set) var choices: [RecoveryChoice] = []
  private var observers: [@MainActor (RecoveryChoice) -> Void] = []

  func resolve(_ choice: RecoveryChoice) {
    choices.append(choice)
    let observers = self.observers
    self.observers = []
    for observer in observers { observer(choice) }
  }

  func whenResolved(_ observer: @escaping @MainActor (RecoveryChoice) -> Void) { observers.append(observer) }
}

private struct Notice: AlertableError {
  var message: String { "The link was blocked." }
}

private struct Internal: Error {}

/// `presentsLinkErrorsAsAlerts()`: the SwiftUI modifier's node takes the errors reported from
/// inside it, one alert at a time, and its buttons resolve recovery prompts. The modifier only
/// translates ``ErrorPrompter``; these are its rules, and the node's place in the chain.
@MainActor
@Suite struct LinkErrorAlertsTests {
  @Test func aRetryableErrorGetsRetryAndCancelAndTheButtonResolvesIt() throws {
    let prompter = ErrorPrompter()
    var changes: [Int?] = []
    prompter.onChange = { changes.append($0?.id) }
    let offline = Prompt()
    #expect(prompter.show(offline))
    #expect(try #require(prompter.current).content.buttons == [.retry, .cancel])
    prompter.press(.retry)
    #expect(offline.choices == [.retry])
    #expect(prompter.current == nil)
    #expect(changes == [1, nil])
    let again = Prompt()
    #expect(prompter.show(again))
    prompter.press(.cancel)
    #expect(again.choices == [.cancel])
  }

  @Test func oneAlertAtATimeAndOnlyAlertableErrors() {
    let prompter = ErrorPrompter()
    #expect(!prompter.show(Internal()))
    #expect(prompter.show(Notice()))
    #expect(prompter.current?.content.buttons == [.dismiss])
    #expect(!prompter.show(Prompt()), "a second error goes on up the chain while one shows")
    prompter.press(.dismiss)
    #expect(prompter.current == nil)
    prompter.press(.retry)  // no alert: nothing happens
  }

  /// The network returned: the alert closes itself, and a later prompt's alert is not closed
  /// by an earlier prompt's resolution.
  @Test func anAlertClosesWhenItsRecoveryEndsWithoutATap() throws {
    let prompter = ErrorPrompter()
    let first = Prompt()
    #expect(prompter.show(first))
    first.resolve(.retry)
    #expect(prompter.current == nil)
    let second = Prompt()
    #expect(prompter.show(second))
    let secondID = try #require(prompter.current?.id)
    first.resolve(.cancel)
    #expect(prompter.current?.id == secondID)
    prompter.press(.cancel)
    #expect(second.choices == [.cancel])
  }

  /// Errors reported from a link inside the view reach the modifier's node before the
  /// UIKit chain; a node that shows nothing, or whose view is gone, passes them on.
  @Test func theModifiersNodeTakesErrorsReportedFromInsideIt() async {
    let controller = RecordingErrorController(name: "controller")
    let modifier = ViewLinkHandler(name: "Reader.swift:4") { _, _ in .notHandled }
    modifier.anchor = controller
    let link = ViewLinkHandler(name: "Article.swift:9") { _, _ in .notHandled }
    link.enclosing = modifier
    var prompter: ErrorPrompter? = ErrorPrompter()
    modifier.showsError = { [weak prompter] error in prompter?.show(error) ?? false }

    #expect(await link.reportError(Notice()))
    #expect(prompter?.current != nil)
    #expect(controller.errors.isEmpty)
    // One alert showing: the next error goes on to the view controller.
    #expect(await link.reportError(Prompt()))
    #expect(controller.errors.count == 1)
    // Not alertable: passed on.
    #expect(await link.reportError(Internal()))
    #expect(controller.errors.count == 2)
    // The view went away: its prompter with it, and errors go on.
    prompter = nil
    #expect(await link.reportError(Notice()))
    #expect(controller.errors.count == 3)
    // A node with nothing to show passes every error on.
    modifier.showsError = nil
    #expect(await link.reportError(Notice()))
    #expect(controller.errors.count == 4)
  }

  /// The prompter holds the error only while its alert shows, and nothing holds the prompter
  /// but the view: the node's closure holds it weakly.
  @Test func nothingIsHeldOnceTheAlertCloses() {
    weak var weakPrompter: ErrorPrompter?
    weak var weakPrompt: Prompt?
    let node = ViewLinkHandler(name: "Reader.swift:4") { _, _ in .notHandled }
    do {
      let prompter = ErrorPrompter()
      weakPrompter = prompter
      node.showsError = { [weak prompter] error in prompter?.show(error) ?? false }
      let prompt = Prompt()
      weakPrompt = prompt
      #expect(node.showsError?(prompt) == true)
      prompter.press(.cancel)
    }
    #expect(weakPrompter == nil)
    #expect(weakPrompt == nil)
    #expect(node.showsError?(Notice()) == false)
  }
}

/// A view controller that takes every error reported to it.
@MainActor
private final class RecordingErrorController: TestResponder, ErrorHandler {
  private(set) var errors: [any Error] = []

  func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    errors.append(error)
    return .handled
  }
}
