/// A window, which is where its scene's declaration applies: a `SafariURLHandling` scene
/// delegate is not in the responder chain, so the walk records its declaration at the
/// scene's window, after the window's own (``LinkPresenting``): the scene's is the one above,
/// and may refuse what the window's would open.
///
/// `UIWindow` and the test kit's `TestWindow` conform.
@MainActor
package protocol SceneDeclaring: AnyObject {
  /// The presenter the window's scene declares, or `nil`.
  var sceneLinkPresenter: LinkPresenter? { get }
}
