import Foundation
import TestSupport
import Testing
import URLResponderChainTesting

@testable import URLResponderChainCore
@testable import URLResponderChainInboundLinks

/// The article's recipe, "Handling links that open your app", in the test kit: the handler on
/// the navigation controller, which stays in the chain whatever it pushes (issue 71, 1).
@Suite(.timeLimit(.minutes(1))) @MainActor struct InboundRecipeTests {
  /// A navigation controller that shows a document for each inbound link, by pushing it.
  final class DocumentsNavigationController: TestNavigationController, URLHandler {
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
      guard context.isInbound, url.path().hasPrefix("/documents/") else { return .notHandled }
      push(TestViewController(name: url.lastPathComponent))
      return .handled
    }
  }

  /// A list screen that handles the links itself: the recipe the article used to teach.
  final class DocumentListScreen: TestViewController, URLHandler {
    func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
      guard context.isInbound, url.path().hasPrefix("/documents/") else { return .notHandled }
      (parentNavigation as? TestNavigationController)?.push(TestViewController(name: url.lastPathComponent))
      return .handled
    }
    weak var parentNavigation: TestViewController?
  }

  private func dispatcher(showing root: TestViewController, in scene: TestScene, app: TestApplication) throws
    -> InboundLinkDispatcher
  {
    scene.window = app.makeWindow(rootViewController: root)
    return try InboundLinkDispatcher(scene: scene, configuration: .init(associatedDomains: ["example.com"]))
  }

  /// Opens the links of documents 1 and 2, one after the other, as two universal links.
  private static func twoLinks(to dispatcher: InboundLinkDispatcher) async throws -> (
    InboundLinkResult, InboundLinkResult
  ) {
    let first = await dispatcher.open(
      try #require(URL(string: "https://example.com/documents/1")), source: .universalLink)
    let second = await dispatcher.open(
      try #require(URL(string: "https://example.com/documents/2")), source: .universalLink)
    return (first, second)
  }

  @Test func aSecondLinkFollowsThePushOfTheFirst() async throws {
    let app = TestApplication()
    let scene = TestScene()
    let stack = DocumentsNavigationController(name: "documents", root: TestViewController(name: "list"))
    let dispatcher = try dispatcher(showing: stack, in: scene, app: app)
    let (first, second) = try await Self.twoLinks(to: dispatcher)
    #expect(first.outcome == .handled)
    #expect(second.outcome == .handled)
    #expect(stack.viewControllers.map(\.name) == ["list", "1", "2"])
  }

  /// Why the handler is not the list screen: once a document covers it, the list is out of
  /// the chain, and the second link ends discarded.
  @Test func aHandlerOnTheListScreenMissesTheSecondLink() async throws {
    let app = TestApplication()
    let scene = TestScene()
    let list = DocumentListScreen(name: "list")
    let stack = TestNavigationController(name: "documents", root: list)
    list.parentNavigation = stack
    let dispatcher = try dispatcher(showing: stack, in: scene, app: app)
    let (first, second) = try await Self.twoLinks(to: dispatcher)
    #expect(first.outcome == .handled)
    guard case .discarded = second.outcome else {
      Issue.record("\(second.outcome)")
      return
    }
  }
}
