#if canImport(UIKit) && !os(watchOS)
  package import Foundation
  package import UIKit
  package import URLResponderChainCore

  /// A window scene opens links from its own window: on iPad with several windows, the one
  /// the tap came from (the walk finds it from the origin).
  extension UIWindowScene: SceneURLOpening {
    package func openURL(_ url: URL) async -> Bool {
      await open(url, options: nil)
    }
  }

  /// A view is shown in its window's scene.
  extension UIView: SceneMember {
    package var sceneURLOpener: (any SceneURLOpening)? { window?.windowScene }
  }

  /// A view controller is shown in the scene of its view's window, once its view is loaded.
  extension UIViewController: SceneMember {
    package var sceneURLOpener: (any SceneURLOpening)? { viewIfLoaded?.window?.windowScene }
  }
#endif
