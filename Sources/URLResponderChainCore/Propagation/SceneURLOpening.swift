package import Foundation

/// Opens URLs for the scene a node is shown in: a `UIWindowScene`, through which the system
/// opens a link in the window the tap came from (on iPad with several windows, that one).
@MainActor
package protocol SceneURLOpening: AnyObject {
  /// Asks the system to open `url` from this scene; whether it did.
  func openURL(_ url: URL) async -> Bool
}

/// A node that can say which scene it is shown in (a view in a window, a view controller
/// whose view is in one); `nil` while it is in none. The walk records the first scene it
/// meets on its way up: the one the link came from.
@MainActor
package protocol SceneMember {
  /// The scene this node is shown in, if any.
  var sceneURLOpener: (any SceneURLOpening)? { get }
}
