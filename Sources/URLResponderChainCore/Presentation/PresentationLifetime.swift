/// The life of one presented in-app browser: ends exactly once, when the person closes it or
/// when the browser itself goes away, whichever comes first.
///
/// An in-app browser is told when the person closes it, but not when the app dismisses it
/// (say, with the view controller that presented it). A presenter that waited only for the
/// first would think the link still showing, and refuse to show it again. So the platform
/// ties one lifetime to the browser object (`SafariURLPresenter` associates it with the
/// `SFSafariViewController`): the close ends it, and the browser's deallocation ends it if
/// nothing did.
///
/// ```swift
/// let lifetime = PresentationLifetime(onEnd: onDismiss)
/// // keep it alive exactly as long as the browser; on the person's close:
/// lifetime.end()
/// ```
@MainActor
package final class PresentationLifetime {
  private var onEnd: (@MainActor () -> Void)?

  /// A lifetime that calls `onEnd` once when it ends.
  package init(onEnd: @escaping @MainActor () -> Void) {
    self.onEnd = onEnd
  }

  /// Ends the lifetime: calls `onEnd` unless it already ended.
  package func end() {
    guard let onEnd else { return }
    self.onEnd = nil
    onEnd()
  }

  /// A lifetime released before it ended ends now: its browser went away without a close.
  /// Deinitialization is not isolated, so `onEnd` runs in a main-actor task.
  deinit {
    guard let onEnd else { return }
    Task { @MainActor in onEnd() }
  }
}
