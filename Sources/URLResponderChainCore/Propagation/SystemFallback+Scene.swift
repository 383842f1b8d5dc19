package import Foundation

/// Opens URLs for the scene a node is shown in: a `UIWindowScene`, through which the system
/// opens a link in the window the tap came from (on iPad with several windows, that one).
@MainActor
package protocol SceneURLOpening: AnyObject {
  /// Asks the system to open `url` from this scene; whether it did.
  func openURL(_ url: URL) async -> Bool
}

/// A node that can say which scene it is shown in (a view in a window, a view controller
/// whose view is in one); `nil` while it is in none.
@MainActor
package protocol SceneMember {
  /// The scene this node is shown in, if any.
  var sceneURLOpener: (any SceneURLOpening)? { get }
}

extension SystemFallback {
  /// The most nodes looked at for the originating scene: a chain with a loop, or one longer
  /// than any screen's, ends the search instead of the app.
  static let sceneSearchLimit = 1_000

  /// The scene the propagation came from: the first scene known to the origin or to a node
  /// after it in its chain, or `nil` when none is (the origin is gone, or shown nowhere).
  @MainActor
  package static func originatingScene(of context: URLHandlingContext) -> (any SceneURLOpening)? {
    var node = context.origin
    for _ in 0..<sceneSearchLimit {
      guard let current = node else { return nil }
      if let member = current as? any SceneMember, let scene = member.sceneURLOpener { return scene }
      node = current.nextNode
    }
    return nil
  }

  /// ``decide(_:context:open:)`` that opens through the originating scene where one is
  /// known, and through `application` otherwise. Inbound links are passed on.
  @MainActor
  package static func decideFromOriginatingScene(
    _ url: URL, context: URLHandlingContext, orApplication application: @MainActor (URL) async -> Bool
  ) async -> URLHandlingDecision {
    await decide(
      url, context: context,
      open: { url in
        if let scene = originatingScene(of: context) { return await scene.openURL(url) }
        return await application(url)
      })
  }
}
