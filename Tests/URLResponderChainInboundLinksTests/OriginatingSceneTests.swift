import Foundation
import TestSupport
import Testing
import URLResponderChainInboundLinks

@testable import URLResponderChainCore

/// On iPad with several windows, the system opens a link from the scene the tap came from.
@MainActor
@Suite struct OriginatingSceneTests {
  final class Scene: SceneURLOpening {
    var opened: [URL] = []
    var opens = true
    func openURL(_ url: URL) async -> Bool {
      opened.append(url)
      return opens
    }
  }

  /// A view that is shown in `scene`, or in none.
  final class ShownView: Linked, SceneMember {
    var scene: Scene?
    init(in scene: Scene?, next: (any ResponderChainNode)? = nil) {
      self.scene = scene
      super.init(next: next)
    }
    var sceneURLOpener: (any SceneURLOpening)? { scene }
  }

  /// The application at the end of the chain, deciding as `UIApplication` does.
  final class Application: Linked, AsyncURLHandler, SystemURLOpener {
    var opened: [URL] = []
    func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      await SystemFallback.decideFromOriginatingScene(url, context: context) { url in
        opened.append(url)
        return true
      }
    }
  }

  @Test func aLinkOpensThroughTheSceneItWasTappedIn() async {
    let application = Application()
    let left = Scene()
    let right = Scene()
    let tappedInRight = ShownView(in: right, next: ShownView(in: left, next: application))
    let result = await tappedInRight.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(right.opened == [exampleURL])
    #expect(left.opened.isEmpty && application.opened.isEmpty)
  }

  @Test func theFirstSceneKnownUpTheChainIsTheOriginatingOne() async {
    let application = Application()
    let scene = Scene()
    let detached = ShownView(in: nil, next: Node(next: ShownView(in: scene, next: application)))
    #expect(await detached.propagateURL(exampleURL).outcome == .handled)
    #expect(scene.opened == [exampleURL])
  }

  @Test func withoutAKnownSceneTheApplicationOpens() async {
    let application = Application()
    let origin = ShownView(in: nil, next: Node(next: application))
    #expect(await origin.propagateURL(exampleURL).outcome == .handled)
    #expect(application.opened == [exampleURL])
  }

  @Test func whatTheSceneCouldNotOpenIsNotHandled() async {
    let application = Application()
    let scene = Scene()
    scene.opens = false
    let result = await ShownView(in: scene, next: application).propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(application.opened.isEmpty, "the application is not asked again behind the scene's back")
  }

  @Test func anInboundLinkIsPassedOnAndOpensNowhere() async {
    let application = Application()
    let scene = Scene()
    var options = URLPropagationOptions()
    options.inboundSource = .universalLink
    let result = await ShownView(in: scene, next: application).propagateURL(exampleURL, options: options)
    #expect(result.outcome == .notHandled)
    #expect(scene.opened.isEmpty && application.opened.isEmpty)
  }

  @Test func aLoopUpTheChainEndsTheSearchNotTheApp() async {
    let application = Application()
    let first = Node()
    let second = Node(next: first)
    first.next = second
    let context = URLHandlingContext(originalURL: exampleURL, origin: first)
    #expect(SystemFallback.originatingScene(of: context) == nil)
    // No declaration can be known on a chain that loops: the link fails closed.
    #expect(
      await application.decideURL(exampleURL, context: context)
        == .discarded(reason: "the chain cannot be searched for its policy"))
    #expect(application.opened.isEmpty)
  }

  @Test func aFreedOriginHasNoScene() async {
    var origin: ShownView? = ShownView(in: Scene())
    let context = URLHandlingContext(originalURL: exampleURL, origin: origin!)
    origin = nil
    #expect(SystemFallback.originatingScene(of: context) == nil)
  }
}
