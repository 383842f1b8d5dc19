import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore

/// The walk records, weakly, every declaration it passes on its way up, and the chain's end
/// decides with them: nothing searches the chain again, and nothing is kept alive for it.
@MainActor
@Suite struct RecordedDeclarationTests {
  let application = TestApplication()
  let environment = RecordingLinkEnvironment()

  /// The declaration nearest the link went away while a handler above it waited: where the
  /// link opens can no longer be known, so it fails closed.
  @Test func theNearestDeclarationGoneWhileAHandlerWaitedFailsTheLinkClosed() async {
    let handler = DeferringHandler(.notHandled, next: application)
    var presenter: LinkPresenter? = LinkPresenter(environment: environment)
    weak let gone = presenter
    let declaring = Declaring(presenter: presenter, next: handler)
    let origin = Node(next: declaring)
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, completion: recorder.completion)
    await handler.entered.wait()
    declaring.presenter = nil
    presenter = nil
    #expect(gone == nil, "the walk keeps no declaration alive while it waits")
    handler.release.open()
    let result = await recorder.firstResult()
    #expect(result.outcome == .discarded(reason: "the declaration nearest the link is gone"))
    #expect(environment.presentations.isEmpty && application.systemOpener.openedURLs.isEmpty)
  }

  /// A declaration above the nearest refuses by its policy, recorded as the walk passed it:
  /// gone while a handler waited, it still refuses.
  @Test func anOuterDeclarationGoneWhileAHandlerWaitedStillRefuses() async {
    let handler = DeferringHandler(.notHandled, next: application)
    let blocking = LinkPolicy(
      permittedPorts: [], universalLinksFirst: false, preference: .inApp,
      list: LinkPolicyList(destination: { _ in .discarded(reason: "blocked above") }))
    var outerPresenter: LinkPresenter? = LinkPresenter(environment: environment, policy: blocking)
    let outer = Declaring(presenter: outerPresenter, next: handler)
    let nearPresenter = LinkPresenter(environment: environment)
    let origin = Node(next: Declaring(presenter: nearPresenter, next: outer))
    #expect(origin.longPressPreviewURL(exampleURL) == nil)
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, completion: recorder.completion)
    await handler.entered.wait()
    outer.presenter = nil
    outerPresenter = nil
    handler.release.open()
    #expect(await recorder.firstResult().outcome == .discarded(reason: "blocked above"))
    #expect(environment.presentations.isEmpty && application.systemOpener.openedURLs.isEmpty)
  }

  /// A declaration that appears above the link while a handler waits, below the handler, was
  /// passed before it: it is not asked (only what the walk passed counts), and the link opens
  /// by the declarations the walk recorded.
  @Test func aDeclarationThePassedNodeMakesLaterIsNotAsked() async {
    let handler = DeferringHandler(.notHandled, next: application)
    let declaring = Declaring(presenter: nil, next: handler)
    let origin = Node(next: declaring)
    let recorder = CompletionRecorder()
    origin.propagateURL(exampleURL, completion: recorder.completion)
    await handler.entered.wait()
    let late = LinkPresenter(environment: environment)
    declaring.presenter = late
    handler.release.open()
    #expect(await recorder.firstResult().outcome == .handled)
    #expect(environment.presentations.isEmpty)
    #expect(application.systemOpener.openedURLs == [exampleURL], "no declaration: the system opens it")
    #expect(declaring.linkPresenter === late)
  }

  /// A finished walk holds no declaration: the presenter goes when its owner lets go.
  @Test func aFinishedWalkHoldsNoDeclaration() async {
    var presenter: LinkPresenter? = LinkPresenter(environment: environment)
    weak let gone = presenter
    let declaring = Declaring(presenter: presenter, next: application)
    #expect(await Node(next: declaring).propagateURL(exampleURL).outcome == .handled)
    declaring.presenter = nil
    presenter = nil
    #expect(gone == nil)
  }
}

extension Node {
  /// What a long press here would preview in-app.
  fileprivate func longPressPreviewURL(_ url: URL) -> URL? { LinkDryRun.run(of: url, from: self).inApp?.url }
}

/// A node that declares the presenter it is given, held weakly as a SwiftUI modifier's node
/// holds its modifier's: the test owns it.
@MainActor
private final class Declaring: Linked, LinkPresenting {
  weak var presenter: LinkPresenter?
  init(presenter: LinkPresenter?, next: (any ResponderChainNode)?) {
    self.presenter = presenter
    super.init(next: next)
  }
  var linkPresenter: LinkPresenter? { presenter }
}
