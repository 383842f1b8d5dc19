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

  @Test func aLinkOpensThroughTheSceneItWasTappedIn() async {
    let application = OpeningApplication()
    let left = Scene()
    let right = Scene()
    let tappedInRight = ShownView(in: right, next: ShownView(in: left, next: application))
    let result = await tappedInRight.propagateURL(exampleURL)
    #expect(result.outcome == .handled)
    #expect(right.opened == [exampleURL])
    #expect(left.opened.isEmpty && application.opened.isEmpty)
  }

  @Test func theFirstSceneKnownUpTheChainIsTheOriginatingOne() async {
    let application = OpeningApplication()
    let scene = Scene()
    let detached = ShownView(in: nil, next: Node(next: ShownView(in: scene, next: application)))
    #expect(await detached.propagateURL(exampleURL).outcome == .handled)
    #expect(scene.opened == [exampleURL])
  }

  @Test func withoutAKnownSceneTheApplicationOpens() async {
    let application = OpeningApplication()
    let origin = ShownView(in: nil, next: Node(next: application))
    #expect(await origin.propagateURL(exampleURL).outcome == .handled)
    #expect(application.opened == [exampleURL])
  }

  @Test func whatTheSceneCouldNotOpenIsNotHandled() async {
    let application = OpeningApplication()
    let scene = Scene()
    scene.opens = false
    let result = await ShownView(in: scene, next: application).propagateURL(exampleURL)
    #expect(result.outcome == .notHandled)
    #expect(application.opened.isEmpty, "the application is not asked again behind the scene's back")
  }

  @Test func anInboundLinkIsPassedOnAndOpensNowhere() async {
    let application = OpeningApplication()
    let scene = Scene()
    var options = URLPropagationOptions()
    options.inboundSource = .universalLink
    let result = await ShownView(in: scene, next: application).propagateURL(exampleURL, options: options)
    #expect(result.outcome == .notHandled)
    #expect(scene.opened.isEmpty && application.opened.isEmpty)
  }

  @Test func aLoopUpTheChainEndsTheWalkNotTheApp() async {
    let application = OpeningApplication()
    let first = Node()
    let second = Node(next: first)
    first.next = second
    // A chain that loops never reaches the application: nobody opens the link.
    #expect(await first.propagateURL(exampleURL).outcome == .notHandled)
    #expect(application.opened.isEmpty)
  }

  @Test func aSceneOnTheWayIsRecordedOnceTheFirstIsFound() async {
    let application = OpeningApplication()
    let near = Scene()
    let far = Scene()
    let origin = ShownView(in: near, next: ShownView(in: far, next: application))
    #expect(await origin.propagateURL(exampleURL).outcome == .handled)
    #expect(near.opened == [exampleURL] && far.opened.isEmpty)
  }
}
