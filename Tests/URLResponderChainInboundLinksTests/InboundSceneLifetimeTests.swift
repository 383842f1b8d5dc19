import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainTesting

@testable import URLResponderChainInboundLinks

/// Every link gets exactly one result when its scene or window goes away, and the queue keeps
/// one bound: at most `queueLimit` links wait while no window can show them.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct InboundSceneLifetimeTests {
  static func link(_ index: Int) -> URL { URL(string: "https://example.com/documents/\(index)")! }
  static let configuration = InboundLinkConfiguration(associatedDomains: ["example.com"])

  @Test func aSceneReleasedBeforeItHasAWindowEndsItsLinks() async throws {
    var scene: TestScene? = TestScene()
    weak let released = scene
    let dispatcher = try InboundLinkDispatcher(scene: scene, configuration: Self.configuration)
    let completions = Completions()
    for index in 0..<3 { dispatcher.receive(Self.link(index), source: .universalLink) { completions.record($0) } }
    scene = nil  // UIKit releases a scene disconnected before its window was set up
    await completions.wait(for: 3)
    #expect(released == nil)
    #expect(completions.results.map(\.outcome) == Array(repeating: .discarded(reason: "the scene went away"), count: 3))
    #expect(dispatcher.queuedLinkCount == 0)
    let later = await dispatcher.open(Self.link(3), source: .universalLink)
    #expect(later.outcome == .discarded(reason: "the scene went away"), "a link for a scene gone ends at once")
  }

  @Test func linksWaitForASceneStillToBeAttached() async throws {
    let dispatcher = try InboundLinkDispatcher(scene: nil, configuration: Self.configuration)
    let completions = Completions()
    for index in 0..<2 { dispatcher.receive(Self.link(index), source: .universalLink) { completions.record($0) } }
    try await dispatcher.delivery?.value(within: .deadline)  // it looked for a scene, and found none yet
    #expect(completions.results.isEmpty)
    #expect(dispatcher.queuedLinkCount == 2)
    let app = InboundApp()
    app.list.decide = { _, _ in .handled }
    dispatcher.attach(app.scene)
    await completions.wait(for: 2)
    #expect(completions.results.map(\.outcome) == [.handled, .handled], "not ended as if a scene went away")
    #expect(app.list.asked == [Self.link(0), Self.link(1)])
  }

  /// What a SwiftUI view offers when it joins a window (`deliversInboundLinks(to:)`): the
  /// first scene is kept, links waiting for it are delivered there, and a second window's
  /// scene does not take them over; once the first scene went away, the next one is taken.
  @Test func aDispatcherKeepsTheFirstSceneItIsShownIn() async throws {
    let dispatcher = try InboundLinkDispatcher(scene: nil, configuration: Self.configuration)
    let completions = Completions()
    dispatcher.receive(Self.link(0), source: .universalLink) { completions.record($0) }
    let first = InboundApp()
    first.list.decide = { _, _ in .handled }
    let second = InboundApp()
    second.list.decide = { _, _ in .handled }
    dispatcher.attachUnlessAttached(first.scene)
    dispatcher.attachUnlessAttached(second.scene)
    #expect(dispatcher.scene === first.scene)
    await completions.wait(for: 1)
    #expect(first.list.asked == [Self.link(0)] && second.list.asked.isEmpty)
    first.scene.disconnect()
    dispatcher.attachUnlessAttached(second.scene)
    #expect(dispatcher.scene === second.scene)
  }

  /// A dispatcher moved to a second scene belongs to it: the first scene disconnecting later
  /// ends none of the links waiting for the second, which are delivered there once it shows a
  /// window.
  @Test func theFirstScenesDisconnectionLeavesTheLinksOfTheSceneTheDispatcherMovedTo() async throws {
    let first = InboundApp()
    let second = InboundApp(withWindow: false)
    second.list.decide = { _, _ in .handled }
    let dispatcher = try first.dispatcher()
    dispatcher.attach(second.scene)
    let completions = Completions()
    dispatcher.receive(Self.link(0), source: .universalLink) { completions.record($0) }
    try await dispatcher.delivery?.value(within: .deadline)  // it found the second scene without a window
    first.scene.disconnect()
    #expect(completions.results.isEmpty, "the link waits for the second scene's window")
    #expect(dispatcher.queuedLinkCount == 1)
    #expect(dispatcher.scene === second.scene)
    second.showWindow()
    dispatcher.deliverQueuedLinks()
    await completions.wait(for: 1)
    #expect(completions.results.map(\.outcome) == [.handled])
    #expect(second.list.asked == [Self.link(0)] && first.list.asked.isEmpty)
  }

  @Test func aSceneDisconnectedWhileLinksWaitBehindASlowScreenEndsThemAndTheSlowOneFinishes() async throws {
    let app = InboundApp()
    let slow = Gate()
    app.list.answersAfter = slow
    app.list.decide = { _, _ in .handled }
    let dispatcher = try app.dispatcher()
    let completions = Completions()
    for index in 0..<4 { dispatcher.receive(Self.link(index), source: .universalLink) { completions.record($0) } }
    await app.list.untilAsked(1)
    app.scene.disconnect()
    await completions.wait(for: 3)
    #expect(completions.results.map(\.url) == (1..<4).map(Self.link))
    #expect(completions.results.allSatisfy { $0.outcome == .discarded(reason: "the scene went away") })
    slow.open()
    await completions.wait(for: 4)
    #expect(completions.results.last?.outcome == .handled, "the link being decided ends by itself")
    #expect(app.list.asked == [Self.link(0)], "no waiting link reached a screen after the scene went")
    let later = await dispatcher.open(Self.link(9), source: .universalLink)
    #expect(later.outcome == .discarded(reason: "the scene went away"), "nor does a later one")
  }

  @Test func whenTheWindowGoesAwayTheQueueKeepsItsBoundAndNothingElseIsLost() async throws {
    let app = InboundApp()
    let slow = Gate()
    app.list.answersAfter = slow
    let dispatcher = try app.dispatcher { $0.queueLimit = 8 }
    let completions = Completions()
    for index in 0..<31 { dispatcher.receive(Self.link(index), source: .universalLink) { completions.record($0) } }
    await app.list.untilAsked(1)
    #expect(dispatcher.queuedLinkCount == 30, "behind a screen, waiting links are never dropped")
    app.scene.window = nil
    dispatcher.receive(Self.link(31), source: .universalLink) { completions.record($0) }
    #expect(dispatcher.queuedLinkCount == 8, "with no window, the bound holds again")
    await completions.wait(for: 23)
    #expect(completions.results.map(\.url) == (1..<24).map(Self.link), "the oldest went first")
    #expect(completions.results.allSatisfy { $0.outcome.isDiscarded })
    slow.open()
    await completions.wait(for: 24)
    #expect(dispatcher.queuedLinkCount == 8, "no window: the rest wait")
    app.showWindow()
    dispatcher.deliverQueuedLinks()
    await completions.wait(for: 32)
    #expect(completions.results.count == 32)
    #expect(Set(completions.results.map(\.url)).count == 32, "each link got exactly one result")
    #expect(app.list.asked == [0, 24, 25, 26, 27, 28, 29, 30, 31].map(Self.link))
  }

  @Test func aWindowReplacedDuringAPresentationDoesNotStallTheDispatcher() async throws {
    let app = InboundApp()
    let sheet = Screen("sheet")
    app.tabs.present(sheet, completes: false)  // a transition that never ends
    let dispatcher = try app.dispatcher()
    let completions = Completions()
    dispatcher.receive(Self.link(0), source: .universalLink) { completions.record($0) }
    #expect(dispatcher.queuedLinkCount == 1, "it waits for the transition")
    let fresh = Screen("fresh") { _, _ in .handled }
    app.scene.window = app.app.makeWindow(rootViewController: fresh)
    await completions.wait(for: 1)
    #expect(completions.results.first?.outcome == .handled)
    #expect(fresh.asked == [Self.link(0)], "the link went to the new window's screen")
    #expect(sheet.asked.isEmpty)
    let later = await dispatcher.open(Self.link(1), source: .universalLink)
    #expect(later.outcome == .handled, "later links are delivered too")
  }
}

extension URLPropagationResult.Outcome {
  fileprivate var isDiscarded: Bool {
    if case .discarded = self { true } else { false }
  }
}
