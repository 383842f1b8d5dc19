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
/// inside it when its view shows them (the modifier sets `showsError` to the hosting
/// controller's `presentAlert(for:)`, which shows one alert at a time and only alertable
/// errors), and passes every other error on, up to the UIKit chain.
@MainActor
@Suite struct LinkErrorAlertsTests {
  /// Errors reported from a link inside the view reach the modifier's node before the
  /// UIKit chain; an error its view does not show, or any error once the view is gone,
  /// goes on.
  @Test func theModifiersNodeTakesErrorsReportedFromInsideIt() async {
    let controller = ErrorNode { _ in .handled }
    let modifier = ViewLinkHandler(name: "Reader.swift:4") { _, _ in .notHandled }
    modifier.anchor = controller
    let link = ViewLinkHandler(name: "Article.swift:9") { _, _ in .notHandled }
    link.enclosing = modifier
    // Shows one alertable error at a time, as `presentAlert(for:)` does.
    var showing: (any Error)?
    modifier.showsError = { error in
      guard showing == nil, error is any AlertableError else { return false }
      showing = error
      return true
    }

    #expect(await link.reportError(Notice()))
    #expect(showing is Notice)
    #expect(controller.received.isEmpty)
    // One alert showing: the next error goes on to the view controller.
    #expect(await link.reportError(Prompt()))
    #expect(controller.received.count == 1)
    // Not alertable: passed on.
    showing = nil
    #expect(await link.reportError(Internal()))
    #expect(controller.received.count == 2)
    #expect(showing == nil)
    // A node with nothing to show passes every error on.
    modifier.showsError = nil
    #expect(await link.reportError(Notice()))
    #expect(controller.received.count == 3)
  }

  /// A retryable error shown through the node is resolved by the alert's button, and the link
  /// behind it goes on: the same prompt a UIKit screen shows.
  @Test func aPromptShownThroughTheNodeIsResolvedByItsButton() async {
    let modifier = ViewLinkHandler(name: "Reader.swift:4") { _, _ in .notHandled }
    var shown: [any Error] = []
    modifier.showsError = { error in
      shown.append(error)
      return true
    }
    let offline = Prompt()
    #expect(await modifier.reportError(offline))
    // The alert's Retry, as `presentAlert(for:)` wires it.
    (shown.first as? any RetryableError)?.resolve(.retry)
    #expect(offline.choices == [.retry])
  }

  /// The node does not keep what showed its errors: a closure that holds the view weakly
  /// answers `false` once the view is gone, and the error goes on.
  @Test func aGoneViewPassesErrorsOn() async {
    let controller = ErrorNode { _ in .handled }
    let modifier = ViewLinkHandler(name: "Reader.swift:4") { _, _ in .notHandled }
    modifier.anchor = controller
    weak var weakView: TestView?
    do {
      let view = TestView(name: "anchor")
      weakView = view
      modifier.showsError = { [weak view] _ in view != nil }
      #expect(await modifier.reportError(Notice()))
      #expect(controller.received.isEmpty)
    }
    #expect(weakView == nil)
    #expect(await modifier.reportError(Notice()))
    #expect(controller.received.count == 1)
  }
}
